import { Module } from '@nestjs/common';
import { ExcelImports } from '../../platform/excel/import-progress.js';
import { PRODUCT_COMMAND_HANDLERS } from './commands/product.commands.js';
import { ProductsController } from './http/products.controller.js';
import { PRODUCT_QUERY_HANDLERS, ProductQueries } from './queries/products.queries.js';

/** The products (a code, name, unit, quantity per box, supplier, GTIN): event-sourced, listed from the products read model, with Excel import and export. */
@Module({
  controllers: [ProductsController],
  providers: [ExcelImports, ProductQueries, ...PRODUCT_QUERY_HANDLERS, ...PRODUCT_COMMAND_HANDLERS],
})
export class ProductsModule {}
