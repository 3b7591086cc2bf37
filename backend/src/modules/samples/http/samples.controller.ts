import { Inject, Res, UploadedFile } from '@nestjs/common';
import {
  API,
  type CreateSampleRequest,
  type Language,
  type SampleFilter,
  type SampleImportQuery,
  type SampleListQuery,
  type SampleLookupQuery,
  type UpdateSampleRequest,
} from '@rfid/contracts';
import type { Response } from 'express';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ExcelImports, ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { SampleCommands } from '../commands/sample.commands.js';
import { SAMPLE_SHEET_TITLE, sampleExportColumns, sampleExportRow, sampleImportColumns } from '../excel/sample-sheet.js';
import { SampleQueries, type ExportedSample } from '../queries/samples.queries.js';

async function* exportRows(samples: AsyncIterable<ExportedSample>, nameOf: (id: string | null) => string | null) {
  for await (const sample of samples) yield sampleExportRow(sample, nameOf);
}

const R = API.samples;

/** `/api/samples`: the sample list screen's API. `lookup`, `template` and `export` come before `:id`, which would take their names for an id. */
@ApiController('samples')
export class SamplesController {
  constructor(
    @Inject(SampleCommands) private readonly commands: SampleCommands,
    @Inject(SampleQueries) private readonly queries: SampleQueries,
    @Inject(ExcelImports) private readonly excel: ExcelImports,
  ) {}

  @Route(R.list)
  list(@RouteQuery(R.list) query: SampleListQuery) {
    return this.queries.list(query);
  }

  @Route(R.lookup)
  lookup(@RouteQuery(R.lookup) query: SampleLookupQuery) {
    return this.queries.lookup(query);
  }

  @Route(R.template)
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    const lists = await this.queries.templateLists();
    startExcelDownload(res, 'samples-template');
    await writeTemplate(res, sampleImportColumns(lists), { language, sheetName: SAMPLE_SHEET_TITLE[language] });
  }

  @Route(R.export)
  async export(
    @RouteQuery(R.export) filter: SampleFilter,
    @RequestLanguage() language: Language,
    @RequestTimeZone() timeZone: string,
    @Res() res: Response,
  ): Promise<void> {
    const { rows, nameOf } = await this.queries.all(filter);
    startExcelDownload(res, 'samples', timeZone);
    await writeWorkbook(res, sampleExportColumns(), exportRows(rows, nameOf), { language, timeZone, sheetName: SAMPLE_SHEET_TITLE[language] });
  }

  @Route(R.import)
  async import(
    @UploadedFile() file: UploadedFileData | undefined,
    @RouteQuery(R.import) { removeDuplicates }: SampleImportQuery,
    @RequestLanguage() language: Language,
    @ImportProgressTarget() target: ProgressTarget | undefined,
  ) {
    const { rows, progress } = await this.excel.read(file, sampleImportColumns(), language, target);
    return this.commands.import(rows, { language, removeDuplicates: removeDuplicates ?? false }, progress);
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateSampleRequest) {
    const { id } = await this.commands.register(body);
    return this.queries.get(id);
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.detail(id);
  }

  @Route(R.history)
  history(@RouteParam(R.history, 'id') id: string) {
    return this.queries.timeline(id);
  }

  @Route(R.update)
  async update(
    @RouteParam(R.update, 'id') id: string,
    @RouteBody(R.update) body: UpdateSampleRequest,
    @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.update(id, body, expectedVersion);
    return this.queries.get(id);
  }

  @Route(R.remove)
  async remove(@RouteParam(R.remove, 'id') id: string): Promise<void> {
    await this.commands.delete(id);
  }
}
