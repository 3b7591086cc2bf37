import { Controller, Get, HttpCode, Inject, Post, Put, Res, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  createProductRequest,
  expectedVersionQuery,
  P,
  productFilter,
  productImportResult,
  productListQuery,
  productListResponse,
  productView,
  updateProductRequest,
  type CreateProductRequest,
  type Language,
  type ProductFilter,
  type ProductListQuery,
  type UpdateProductRequest,
} from '@rfid/contracts';
import type { Response } from 'express';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ExcelExportResponse, ExcelFileResponse, ExcelUpload, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ExcelImports, ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { ProductCommands } from '../commands/product.commands.js';
import { PRODUCT_SHEET_TITLE, productExportColumns, productExportRow, productImportColumns } from '../excel/product-sheet.js';
import { ProductQueries, type ExportedProduct } from '../queries/products.queries.js';

async function* exportRows(products: AsyncIterable<ExportedProduct>, nameOf: (id: string | null) => string | null) {
  for await (const product of products) yield productExportRow(product, nameOf);
}

/**
 * `/api/products`: the product list screen's API. Deactivating and activating need the DELETE
 * permission (they take a product out of use and back). `template` and `export` come before `:id`.
 */
@ApiTags('products')
@ApiBearerAuth()
@Controller('products')
export class ProductsController {
  constructor(
    @Inject(ProductCommands) private readonly commands: ProductCommands,
    @Inject(ProductQueries) private readonly queries: ProductQueries,
    @Inject(ExcelImports) private readonly excel: ExcelImports,
  ) {}

  @Get()
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_LIST)
  @ApiDoc({ summary: 'List products (paged, searched without accents, filtered by status and supplier, sorted), with the supplier name', query: productListQuery, response: productListResponse })
  list(@ZodQuery(productListQuery) query: ProductListQuery) {
    return this.queries.list(query);
  }

  @Get('template')
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE)
  @ApiDoc({ summary: "Excel template to import products: header row in the request's language, the active suppliers as a drop-down" })
  @ExcelFileResponse()
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    const lists = await this.queries.templateLists();
    startExcelDownload(res, 'products-template');
    await writeTemplate(res, productImportColumns(lists), { language, sheetName: PRODUCT_SHEET_TITLE[language] });
  }

  @Get('export')
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_LIST)
  @ApiDoc({ summary: "Excel export of the products of the list's filter (all pages), the supplier by name", query: productFilter })
  @ExcelExportResponse()
  async export(
    @ZodQuery(productFilter) filter: ProductFilter,
    @RequestLanguage() language: Language,
    @RequestTimeZone() timeZone: string,
    @Res() res: Response,
  ): Promise<void> {
    const { rows, nameOf } = await this.queries.all(filter);
    startExcelDownload(res, 'products', timeZone);
    await writeWorkbook(res, productExportColumns(), exportRows(rows, nameOf), { language, timeZone, sheetName: PRODUCT_SHEET_TITLE[language] });
  }

  @Post('import')
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE)
  @ExcelUpload()
  @ApiDoc({
    summary:
      'Import products from an .xlsx (multipart field "file"): all rows or none; wrong rows (a code or GTIN repeated in the file or in use among them) answer 400 with details [{ row, column, code, message }]',
    response: productImportResult,
  })
  async import(@UploadedFile() file: UploadedFileData | undefined, @RequestLanguage() language: Language, @ImportProgressTarget() target: ProgressTarget | undefined) {
    const { rows, progress } = await this.excel.read(file, productImportColumns(), language, target);
    return this.commands.import(rows, language, progress);
  }

  @Post()
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE)
  @ApiDoc({ summary: 'Create an ACTIVE product; without a code the system makes one (PR and six digits); 409 PRODUCT_EXISTS, GTIN_EXISTS', body: createProductRequest, response: productView })
  async create(@ZodBody(createProductRequest) body: CreateProductRequest) {
    const { id } = await this.commands.create(body);
    return this.queries.get(id);
  }

  @Get(':id')
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_DETAIL)
  @ApiDoc({ summary: 'One product', params: ['id'], response: productView })
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.get(id);
  }

  @Put(':id')
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_UPDATE)
  @ApiDoc({
    summary: 'Update a product (every field but the status; an absent code keeps it); `expectedVersion` refuses the change if someone changed it meanwhile',
    params: ['id'],
    body: updateProductRequest,
    query: expectedVersionQuery,
    response: productView,
  })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateProductRequest) body: UpdateProductRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.update(id, body, expectedVersion);
    return this.queries.get(id);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_DELETE)
  @ApiDoc({ summary: 'Deactivate a product: listed still, no longer linked to new tags, its GTIN no longer identifies tags', params: ['id'], response: productView })
  async deactivate(@ZodParam('id', uuidParam) id: string) {
    await this.commands.deactivate(id);
    return this.queries.get(id);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_PRODUCT_DELETE)
  @ApiDoc({ summary: 'Activate a deactivated product', params: ['id'], response: productView })
  async activate(@ZodParam('id', uuidParam) id: string) {
    await this.commands.activate(id);
    return this.queries.get(id);
  }
}
