import { Res, UploadedFile } from '@nestjs/common';
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
import { ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { DeleteSample, ImportSamples, RegisterSample, UpdateSample } from '../commands/sample.commands.js';
import { SAMPLE_SHEET_TITLE, sampleExportColumns, sampleExportRow, sampleImportColumns } from '../excel/sample-sheet.js';
import { GetSample, GetSampleDetail, GetSampleTimeline, ListSamples, LookUpSamples, SamplesOfFilter, SampleTemplateLists, type ExportedSample } from '../queries/samples.queries.js';
import { UploadController } from '../../../platform/http/bus-controller.js';

async function* exportRows(samples: AsyncIterable<ExportedSample>, nameOf: (id: string | null) => string | null) {
  for await (const sample of samples) yield sampleExportRow(sample, nameOf);
}

const R = API.samples;

/** `/api/samples`: the sample list screen's API. `lookup`, `template` and `export` come before `:id`, which would take their names for an id. */
@ApiController('samples')
export class SamplesController extends UploadController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: SampleListQuery) {
    return this.queries.execute(new ListSamples(query));
  }

  @Route(R.lookup)
  lookup(@RouteQuery(R.lookup) query: SampleLookupQuery) {
    return this.queries.execute(new LookUpSamples(query));
  }

  @Route(R.template)
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    const lists = await this.queries.execute(new SampleTemplateLists());
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
    const { rows, nameOf } = await this.queries.execute(new SamplesOfFilter(filter));
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
    return this.commands.execute(new ImportSamples({ rows, opts: { language, removeDuplicates: removeDuplicates ?? false }, progress }));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateSampleRequest) {
    const { id } = await this.commands.execute(new RegisterSample({ request: body }));
    return this.queries.execute(new GetSample(id));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.execute(new GetSampleDetail(id));
  }

  @Route(R.history)
  history(@RouteParam(R.history, 'id') id: string) {
    return this.queries.execute(new GetSampleTimeline(id));
  }

  @Route(R.update)
  async update(
    @RouteParam(R.update, 'id') id: string,
    @RouteBody(R.update) body: UpdateSampleRequest,
    @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.execute(new UpdateSample({ sampleId: id, request: body, expectedVersion }));
    return this.queries.execute(new GetSample(id));
  }

  @Route(R.remove)
  async remove(@RouteParam(R.remove, 'id') id: string): Promise<void> {
    await this.commands.execute(new DeleteSample({ sampleId: id }));
  }
}
