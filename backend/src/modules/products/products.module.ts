import { Module } from '@nestjs/common';
import { ExcelImports } from '../../platform/excel/import-progress.js';
import { ProductCommands } from './commands/product.commands.js';
import { ProductsController } from './http/products.controller.js';
import { ProductQueries } from './queries/products.queries.js';

/** The products (a code, name, unit, quantity per box, supplier, GTIN): event-sourced, listed from the products read model, with Excel import and export. */
@Module({
  controllers: [ProductsController],
  providers: [ExcelImports, ProductQueries, ProductCommands],
})
export class ProductsModule {}
