import { Res, UploadedFile } from '@nestjs/common';
import {
  API,
  type LinkProductTagRequest,
  type LinkProductTagResult,
  type ImportResult,
  type Language,
  type LinkTagRequest,
  type LinkTagResult,
  type ListResponse,
  type RegisterTagsRequest,
  type RegisterTagsResult,
  type TagDetail,
  type TagFilter,
  type TagListQuery,
  type TagLookup,
  type TagView,
  type UnlinkTagsRequest,
  type UnlinkTagsResult,
} from '@rfid/contracts';
import type { Response } from 'express';
import type { RfidTagsTable } from '../rfid.tables.js';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { LinkProductTag, LinkTag, UnlinkTags } from '../commands/link.commands.js';
import { DecideTag, ImportTags, RegisterTags } from '../commands/rfid-tag.commands.js';
import { TAG_SHEET_TITLE, tagExportColumns, tagExportRow, tagImportColumns } from '../excel/rfid-tag-sheet.js';
import { GetTag, ListTags, LookUpTag, TagsOfFilter } from '../queries/rfid-tags.queries.js';
import { UploadController } from '../../../platform/http/bus-controller.js';

async function* exportRows(tags: AsyncIterable<RfidTagsTable>, language: Language) {
  for await (const tag of tags) yield tagExportRow(tag, language);
}

const R = API.rfidTags;

/**
 * `/api/rfid-tags`: the container / RFID tag list screen's API. The fixed paths (template, export,
 * import, lookup) come before `:code`, which would otherwise take them for a code. A `:code` is read as a tag
 * code is typed (spaces and dashes dropped, any case): an invalid one is 400, an unknown one 404.
 */
@ApiController('rfid-tags')
export class RfidTagsController extends UploadController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: TagListQuery): Promise<ListResponse<TagView>> {
    return this.queries.execute(new ListTags(query));
  }

  @Route(R.template)
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    startExcelDownload(res, 'rfid-tags-template');
    await writeTemplate(res, tagImportColumns(), { language, sheetName: TAG_SHEET_TITLE[language] });
  }

  @Route(R.export)
  async export(@RouteQuery(R.export) filter: TagFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response): Promise<void> {
    startExcelDownload(res, 'rfid-tags', timeZone);
    await writeWorkbook(res, tagExportColumns(), exportRows(await this.queries.execute(new TagsOfFilter(filter)), language), { language, timeZone, sheetName: TAG_SHEET_TITLE[language] });
  }

  @Route(R.import)
  async import(
    @UploadedFile() file: UploadedFileData | undefined,
    @RequestLanguage() language: Language,
    @ImportProgressTarget() target: ProgressTarget | undefined,
  ): Promise<ImportResult> {
    const { rows, progress } = await this.excel.read(file, tagImportColumns(), language, target);
    return this.commands.execute(new ImportTags({ rows, language, progress }));
  }

  @Route(R.link)
  link(@RouteBody(R.link) body: LinkTagRequest): Promise<LinkTagResult> {
    return this.commands.execute(new LinkTag({ tagCode: body.tagCode, sampleId: body.sampleId }));
  }

  @Route(R.linkProduct)
  linkProduct(@RouteBody(R.linkProduct) body: LinkProductTagRequest): Promise<LinkProductTagResult> {
    return this.commands.execute(new LinkProductTag({ tagCode: body.tagCode, productId: body.productId, box: body.box }));
  }

  @Route(R.unlink)
  unlink(@RouteBody(R.unlink) body: UnlinkTagsRequest): Promise<UnlinkTagsResult> {
    return this.commands.execute(new UnlinkTags({ tagCodes: body.tagCodes, reason: body.reason }));
  }

  @Route(R.register)
  register(@RouteBody(R.register) body: RegisterTagsRequest): Promise<RegisterTagsResult> {
    return this.commands.execute(new RegisterTags({ request: body }));
  }

  @Route(R.lookup)
  lookup(@RouteParam(R.lookup, 'code') code: string): Promise<TagLookup> {
    return this.queries.execute(new LookUpTag(code));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'code') code: string): Promise<TagDetail> {
    return this.queries.execute(new GetTag(code));
  }

  @Route(R.lock)
  async lock(@RouteParam(R.lock, 'code') code: string): Promise<TagDetail> {
    await this.commands.execute(new DecideTag({ command: { kind: 'lock', tagCode: code } }));
    return this.queries.execute(new GetTag(code));
  }

  @Route(R.unlock)
  async unlock(@RouteParam(R.unlock, 'code') code: string): Promise<TagDetail> {
    await this.commands.execute(new DecideTag({ command: { kind: 'unlock', tagCode: code } }));
    return this.queries.execute(new GetTag(code));
  }

  @Route(R.cancel)
  async cancel(@RouteParam(R.cancel, 'code') code: string): Promise<TagDetail> {
    await this.commands.execute(new DecideTag({ command: { kind: 'cancel', tagCode: code } }));
    return this.queries.execute(new GetTag(code));
  }
}
