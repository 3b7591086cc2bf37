import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Res, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  createSampleRequest,
  expectedVersionQuery,
  LOOKUP_PERMISSIONS,
  P,
  sampleDetail,
  sampleFilter,
  sampleImportQuery,
  sampleImportResult,
  sampleListQuery,
  sampleListResponse,
  sampleLookupQuery,
  sampleLookupResponse,
  sampleTimeline,
  sampleView,
  updateSampleRequest,
  type CreateSampleRequest,
  type Language,
  type SampleFilter,
  type SampleImportQuery,
  type SampleListQuery,
  type SampleLookupQuery,
  type UpdateSampleRequest,
} from '@rfid/contracts';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ExcelExportResponse, ExcelFileResponse, ExcelUpload, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ExcelImports, ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { SampleCommands } from '../commands/sample.commands.js';
import { SAMPLE_SHEET_TITLE, sampleExportColumns, sampleExportRow, sampleImportColumns } from '../excel/sample-sheet.js';
import { SampleQueries, type ExportedSample } from '../queries/samples.queries.js';

async function* exportRows(samples: AsyncIterable<ExportedSample>, nameOf: (id: string | null) => string | null) {
  for await (const sample of samples) yield sampleExportRow(sample, nameOf);
}

/** `/api/samples`: the sample list screen's API. `lookup`, `template` and `export` come before `:id`, which would take their names for an id. */
@ApiTags('samples')
@ApiBearerAuth()
@Controller('samples')
export class SamplesController {
  constructor(
    @Inject(SampleCommands) private readonly commands: SampleCommands,
    @Inject(SampleQueries) private readonly queries: SampleQueries,
    @Inject(ExcelImports) private readonly excel: ExcelImports,
  ) {}

  @Get()
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_LIST)
  @ApiDoc({ summary: 'List samples (paged, filtered, sorted), with the names of their master data', query: sampleListQuery, response: sampleListResponse })
  list(@ZodQuery(sampleListQuery) query: SampleListQuery) {
    return this.queries.list(query);
  }

  @Get('lookup')
  @RequireAnyPermission(LOOKUP_PERMISSIONS.samples)
  @ApiDoc({
    summary: 'Samples to choose from (the sample to link a tag to): by code, name, model or art number, or by ids; `linked=false` only those without a tag; by code, paged',
    query: sampleLookupQuery,
    response: sampleLookupResponse,
  })
  lookup(@ZodQuery(sampleLookupQuery) query: SampleLookupQuery) {
    return this.queries.lookup(query);
  }

  @Get('template')
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD)
  @ApiDoc({ summary: "Excel template to import samples: header row in the request's language, drop-downs of the active master data on a hidden sheet" })
  @ExcelFileResponse()
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    const lists = await this.queries.templateLists();
    startExcelDownload(res, 'samples-template');
    await writeTemplate(res, sampleImportColumns(lists), { language, sheetName: SAMPLE_SHEET_TITLE[language] });
  }

  @Get('export')
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD)
  @ApiDoc({ summary: "Excel export of the samples of the list's filter (all pages), master data by name, formula-looking text escaped", query: sampleFilter })
  @ExcelExportResponse()
  async export(
    @ZodQuery(sampleFilter) filter: SampleFilter,
    @RequestLanguage() language: Language,
    @RequestTimeZone() timeZone: string,
    @Res() res: Response,
  ): Promise<void> {
    const { rows, nameOf } = await this.queries.all(filter);
    startExcelDownload(res, 'samples', timeZone);
    await writeWorkbook(res, sampleExportColumns(), exportRows(rows, nameOf), { language, timeZone, sheetName: SAMPLE_SHEET_TITLE[language] });
  }

  @Post('import')
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE)
  @ExcelUpload()
  @ApiDoc({
    summary:
      'Import samples from an .xlsx (multipart field "file"): all rows or none; wrong rows answer 400 with details [{ row, column, code, message }]; ' +
      'a sample code repeated in the file answers 409 SAMPLE_EXISTS_IN_FILE with details [{ sampleCode, rows }] unless removeDuplicates=true',
    query: sampleImportQuery,
    response: sampleImportResult,
  })
  async import(
    @UploadedFile() file: UploadedFileData | undefined,
    @ZodQuery(sampleImportQuery) { removeDuplicates }: SampleImportQuery,
    @RequestLanguage() language: Language,
    @ImportProgressTarget() target: ProgressTarget | undefined,
  ) {
    const { rows, progress } = await this.excel.read(file, sampleImportColumns(), language, target);
    return this.commands.import(rows, { language, removeDuplicates: removeDuplicates ?? false }, progress);
  }

  @Post()
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE)
  @ApiDoc({ summary: 'Register a sample; without a sampleCode the system makes one (SP and six digits)', body: createSampleRequest, response: sampleView })
  async create(@ZodBody(createSampleRequest) body: CreateSampleRequest) {
    const { id } = await this.commands.register(body);
    return this.queries.get(id);
  }

  @Get(':id')
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL)
  @ApiDoc({ summary: 'One sample, with where a reader last saw its current tag (`currentTagLastSeen`)', params: ['id'], response: sampleDetail })
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.detail(id);
  }

  @Get(':id/history')
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL)
  @ApiDoc({
    summary:
      "The sample's timeline, newest first: registered, updated (the fields changed, old → new, master data by name), tag linked, tag unlinked (with its reason); each with when and who",
    params: ['id'],
    response: sampleTimeline,
  })
  history(@ZodParam('id', uuidParam) id: string) {
    return this.queries.timeline(id);
  }

  @Put(':id')
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE)
  @ApiDoc({
    summary: 'Update a sample (every field; an absent sampleCode keeps it); `expectedVersion` refuses the change if someone changed it meanwhile',
    params: ['id'],
    body: updateSampleRequest,
    query: expectedVersionQuery,
    response: sampleView,
  })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateSampleRequest) body: UpdateSampleRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.update(id, body, expectedVersion);
    return this.queries.get(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE)
  @ApiDoc({ summary: 'Delete a sample: refused with 409 SAMPLE_LINKED while a tag is linked to it; its history stays in the event store', params: ['id'] })
  async remove(@ZodParam('id', uuidParam) id: string): Promise<void> {
    await this.commands.delete(id);
  }
}
