import { Res, UploadedFile } from '@nestjs/common';
import { API, type CreateProductRequest, type Language, type ProductFilter, type ProductListQuery, type UpdateProductRequest } from '@rfid/contracts';
import type { Response } from 'express';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { ActivateProduct, CreateProduct, DeactivateProduct, ImportProducts, UpdateProduct } from '../commands/product.commands.js';
import { PRODUCT_SHEET_TITLE, productExportColumns, productExportRow, productImportColumns } from '../excel/product-sheet.js';
import { GetProduct, ListProducts, ProductsOfFilter, ProductTemplateLists, type ExportedProduct } from '../queries/products.queries.js';
import { UploadController } from '../../../platform/http/bus-controller.js';

async function* exportRows(products: AsyncIterable<ExportedProduct>, nameOf: (id: string | null) => string | null) {
  for await (const product of products) yield productExportRow(product, nameOf);
}

const R = API.products;

/** The products screen's API (contracts' `API.products`). `template` and `export` come before `:id`. */
@ApiController('products')
export class ProductsController extends UploadController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: ProductListQuery) {
    return this.queries.execute(new ListProducts(query));
  }

  @Route(R.template)
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    const lists = await this.queries.execute(new ProductTemplateLists());
    startExcelDownload(res, 'products-template');
    await writeTemplate(res, productImportColumns(lists), { language, sheetName: PRODUCT_SHEET_TITLE[language] });
  }

  @Route(R.export)
  async export(@RouteQuery(R.export) filter: ProductFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response): Promise<void> {
    const { rows, nameOf } = await this.queries.execute(new ProductsOfFilter(filter));
    startExcelDownload(res, 'products', timeZone);
    await writeWorkbook(res, productExportColumns(), exportRows(rows, nameOf), { language, timeZone, sheetName: PRODUCT_SHEET_TITLE[language] });
  }

  @Route(R.import)
  async import(@UploadedFile() file: UploadedFileData | undefined, @RequestLanguage() language: Language, @ImportProgressTarget() target: ProgressTarget | undefined) {
    const { rows, progress } = await this.excel.read(file, productImportColumns(), language, target);
    return this.commands.execute(new ImportProducts({ rows, language, progress }));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateProductRequest) {
    const { id } = await this.commands.execute(new CreateProduct({ request: body }));
    return this.queries.execute(new GetProduct(id));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.execute(new GetProduct(id));
  }

  @Route(R.update)
  async update(@RouteParam(R.update, 'id') id: string, @RouteBody(R.update) body: UpdateProductRequest, @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number }) {
    await this.commands.execute(new UpdateProduct({ productId: id, request: body, expectedVersion }));
    return this.queries.execute(new GetProduct(id));
  }

  @Route(R.deactivate)
  async deactivate(@RouteParam(R.deactivate, 'id') id: string) {
    await this.commands.execute(new DeactivateProduct({ productId: id }));
    return this.queries.execute(new GetProduct(id));
  }

  @Route(R.activate)
  async activate(@RouteParam(R.activate, 'id') id: string) {
    await this.commands.execute(new ActivateProduct({ productId: id }));
    return this.queries.execute(new GetProduct(id));
  }
}
