import { Controller, Get, HttpCode, Inject, Post, Put, Res, UploadedFile, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  createMasterDataItemRequest,
  expectedVersionQuery,
  importResult,
  listResponse,
  lookupQuery,
  lookupResponse,
  masterDataFilter,
  masterDataLookupPermissions,
  masterDataItem,
  masterDataListQuery,
  updateMasterDataItemRequest,
  type CreateMasterDataItemRequest,
  type Language,
  type LookupQuery,
  type MasterDataCatalogue,
  type MasterDataFilter,
  type MasterDataListQuery,
  type UpdateMasterDataItemRequest,
} from '@rfid/contracts';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import type { MasterDataItemsTable } from '../master-data.tables.js';
import { ExcelFileResponse, ExcelUpload, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ExcelImports, ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { MasterDataCommands } from '../commands/master-data.commands.js';
import { masterDataColumns, masterDataRow, sheetTitle } from '../excel/master-data-sheet.js';
import { MasterDataQueries } from '../queries/master-data.queries.js';

async function* exportRows(items: AsyncIterable<MasterDataItemsTable>) {
  for await (const item of items) yield masterDataRow(item);
}

/**
 * The controller of one catalogue at `/api/master-data/{key}`. One class per catalogue because the
 * global guard reads each route's permission from its decorator: a path parameter could not choose
 * it. `lookup`, `template` and `export` come before `:id`, which would otherwise take their names for an id.
 */
export function masterDataController(catalogue: MasterDataCatalogue): Type {
  const { key, permissions: can } = catalogue;
  const createRequest = createMasterDataItemRequest(key);
  const updateRequest = updateMasterDataItemRequest(key);
  const columns = masterDataColumns(catalogue);
  const what = sheetTitle(key, 'en').toLowerCase();

  @ApiTags('master-data')
  @ApiBearerAuth()
  @Controller(`master-data/${key}`)
  class MasterDataController {
    constructor(
      @Inject(MasterDataCommands) private readonly commands: MasterDataCommands,
      @Inject(MasterDataQueries) private readonly queries: MasterDataQueries,
      @Inject(ExcelImports) private readonly excel: ExcelImports,
    ) {}

    @Get()
    @RequirePermission(can.list)
    @ApiDoc({ summary: `List ${what} (paged, filtered, sorted)`, query: masterDataListQuery, response: listResponse(masterDataItem) })
    list(@ZodQuery(masterDataListQuery) query: MasterDataListQuery) {
      return this.queries.list(key, query);
    }

    @Get('lookup')
    @RequireAnyPermission(masterDataLookupPermissions(key))
    @ApiDoc({
      summary: `Choices of ${what} for a form or a filter: searched by code or name, or by ids, by name, paged; readable by every screen that offers them`,
      query: lookupQuery,
      response: lookupResponse,
    })
    lookup(@ZodQuery(lookupQuery) query: LookupQuery) {
      return this.queries.lookup(key, query);
    }

    @Get('template')
    @RequirePermission(can.list)
    @ApiDoc({ summary: `Excel template to import ${what}: header row in the request's language, a Status drop-down` })
    @ExcelFileResponse()
    async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
      startExcelDownload(res, `${key}-template`);
      await writeTemplate(res, columns, { language, sheetName: sheetTitle(key, language) });
    }

    @Get('export')
    @RequirePermission(can.list)
    @ApiDoc({ summary: `Excel export of the ${what} of the list's filter (all pages), formula-looking text escaped`, query: masterDataFilter })
    @ExcelFileResponse()
    async export(@ZodQuery(masterDataFilter) filter: MasterDataFilter, @RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
      startExcelDownload(res, key);
      await writeWorkbook(res, columns, exportRows(this.queries.all(key, filter)), { language, sheetName: sheetTitle(key, language) });
    }

    @Post('import')
    @RequirePermission(can.create)
    @ExcelUpload()
    @ApiDoc({
      summary: `Import ${what} from an .xlsx (multipart field "file"): all rows or none; wrong rows answer 400 with details [{ row, column, code, message }]`,
      response: importResult,
    })
    async import(
      @UploadedFile() file: UploadedFileData | undefined,
      @RequestLanguage() language: Language,
      @ImportProgressTarget() target: ProgressTarget | undefined,
    ) {
      const { rows, progress } = await this.excel.read(file, columns, language, target);
      return this.commands.import(key, rows, language, progress);
    }

    @Post()
    @RequirePermission(can.create)
    @ApiDoc({ summary: `Create one of the ${what}`, body: createRequest, response: masterDataItem })
    async create(@ZodBody(createRequest) body: CreateMasterDataItemRequest) {
      const { id } = await this.commands.create(key, body);
      return this.queries.get(key, id);
    }

    @Get(':id')
    @RequirePermission(can.detail)
    @ApiDoc({ summary: `One of the ${what}`, params: ['id'], response: masterDataItem })
    detail(@ZodParam('id', uuidParam) id: string) {
      return this.queries.get(key, id);
    }

    @Put(':id')
    @RequirePermission(can.update)
    @ApiDoc({
      summary: `Update one of the ${what}; \`expectedVersion\` refuses the change if someone changed it meanwhile`,
      params: ['id'],
      body: updateRequest,
      query: expectedVersionQuery,
      response: masterDataItem,
    })
    async update(
      @ZodParam('id', uuidParam) id: string,
      @ZodBody(updateRequest) body: UpdateMasterDataItemRequest,
      @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
    ) {
      await this.commands.update(key, id, body, expectedVersion);
      return this.queries.get(key, id);
    }

    @Post(':id/deactivate')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({ summary: `Deactivate one of the ${what} (status INACTIVE); repeating it changes nothing`, params: ['id'], response: masterDataItem })
    async deactivate(@ZodParam('id', uuidParam) id: string) {
      await this.commands.deactivate(key, id);
      return this.queries.get(key, id);
    }

    @Post(':id/activate')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({ summary: `Activate one of the ${what} (status ACTIVE); repeating it changes nothing`, params: ['id'], response: masterDataItem })
    async activate(@ZodParam('id', uuidParam) id: string) {
      await this.commands.activate(key, id);
      return this.queries.get(key, id);
    }
  }
  const pascal = key.charAt(0).toUpperCase() + key.slice(1);
  Object.defineProperty(MasterDataController, 'name', { value: `MasterData${pascal}Controller` });
  return MasterDataController;
}
