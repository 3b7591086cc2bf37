import { Controller, Get, HttpCode, Inject, Post, Res, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  importResult,
  linkTagRequest,
  linkProductTagRequest,
  linkProductTagResult,
  type LinkProductTagRequest,
  type LinkProductTagResult,
  linkTagResult,
  LOOKUP_PERMISSIONS,
  P,
  registerTagsRequest,
  registerTagsResult,
  tagCodeInput,
  tagDetail,
  tagFilter,
  tagListQuery,
  tagListResponse,
  tagLookup,
  unlinkTagsRequest,
  unlinkTagsResult,
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
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import type { RfidTagsTable } from '../rfid.tables.js';
import { ExcelExportResponse, ExcelFileResponse, ExcelUpload, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { ExcelImports, ImportProgressTarget, type ProgressTarget } from '../../../platform/excel/import-progress.js';
import { writeTemplate, writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import type { UploadedFileData } from '../../../platform/http/file-upload.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { LinkCommands } from '../commands/link.commands.js';
import { RfidTagCommands } from '../commands/rfid-tag.commands.js';
import { TAG_SHEET_TITLE, tagExportColumns, tagExportRow, tagImportColumns } from '../excel/rfid-tag-sheet.js';
import { RfidTagQueries } from '../queries/rfid-tags.queries.js';

async function* exportRows(tags: AsyncIterable<RfidTagsTable>, language: Language) {
  for await (const tag of tags) yield tagExportRow(tag, language);
}

/**
 * `/api/rfid-tags`: the container / RFID tag list screen's API. The fixed paths (template, export,
 * import, lookup) come before `:code`, which would otherwise take them for a code. A `:code` is read as a tag
 * code is typed (spaces and dashes dropped, any case): an invalid one is 400, an unknown one 404.
 */
@ApiTags('rfid-tags')
@ApiBearerAuth()
@Controller('rfid-tags')
export class RfidTagsController {
  constructor(
    @Inject(RfidTagCommands) private readonly commands: RfidTagCommands,
    @Inject(LinkCommands) private readonly links: LinkCommands,
    @Inject(RfidTagQueries) private readonly queries: RfidTagQueries,
    @Inject(ExcelImports) private readonly excel: ExcelImports,
  ) {}

  @Get()
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_LIST)
  @ApiDoc({ summary: 'List tags (paged, filtered: state, usage in-use | available, locked; sorted)', query: tagListQuery, response: tagListResponse })
  list(@ZodQuery(tagListQuery) query: TagListQuery): Promise<ListResponse<TagView>> {
    return this.queries.list(query);
  }

  @Get('template')
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD)
  @ApiDoc({ summary: "Excel template to register tags: the code and the container, header row in the request's language" })
  @ExcelFileResponse()
  async template(@RequestLanguage() language: Language, @Res() res: Response): Promise<void> {
    startExcelDownload(res, 'rfid-tags-template');
    await writeTemplate(res, tagImportColumns(), { language, sheetName: TAG_SHEET_TITLE[language] });
  }

  @Get('export')
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_DOWNLOAD)
  @ApiDoc({ summary: "Excel export of the tags of the list's filter (all pages)", query: tagFilter })
  @ExcelExportResponse()
  async export(@ZodQuery(tagFilter) filter: TagFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response): Promise<void> {
    startExcelDownload(res, 'rfid-tags', timeZone);
    await writeWorkbook(res, tagExportColumns(), exportRows(this.queries.all(filter), language), { language, timeZone, sheetName: TAG_SHEET_TITLE[language] });
  }

  @Post('import')
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_CREATE)
  @ExcelUpload()
  @ApiDoc({
    summary: 'Register tags from an .xlsx (multipart field "file"): all rows or none; wrong rows answer 400 with details [{ row, column, code, message }]',
    response: importResult,
  })
  async import(
    @UploadedFile() file: UploadedFileData | undefined,
    @RequestLanguage() language: Language,
    @ImportProgressTarget() target: ProgressTarget | undefined,
  ): Promise<ImportResult> {
    const { rows, progress } = await this.excel.read(file, tagImportColumns(), language, target);
    return this.commands.import(rows, language, progress);
  }

  @Post('link')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK)
  @ApiDoc({
    summary:
      'Link a tag to a sample (one tag ↔ one sample): unknown tag or sample 404 NOT_FOUND; 409 TAG_LOCKED, TAG_CANCELLED, TAG_LINKED (the tag has a sample), SAMPLE_LINKED (the sample has a tag)',
    body: linkTagRequest,
    response: linkTagResult,
  })
  link(@ZodBody(linkTagRequest) body: LinkTagRequest): Promise<LinkTagResult> {
    return this.links.link(body.tagCode, body.sampleId);
  }

  @Post('link-product')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK)
  @ApiDoc({
    summary:
      'Link a tag to a product as a UNIT tag (one unit) or a BOX tag (`box: true`, its quantity per box): unknown tag 404 NOT_FOUND, unknown or inactive product 404 PRODUCT_NOT_FOUND; 409 TAG_LOCKED, TAG_CANCELLED, TAG_LINKED (the tag has a sample or a product). Unlinked by the unlink route',
    body: linkProductTagRequest,
    response: linkProductTagResult,
  })
  linkProduct(@ZodBody(linkProductTagRequest) body: LinkProductTagRequest): Promise<LinkProductTagResult> {
    return this.links.linkProduct(body.tagCode, body.productId, body.box);
  }

  @Post('unlink')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK)
  @ApiDoc({
    summary: 'Unlink 1 to 15 tags, all or none, with an optional reason: they become available; a tag not linked is 409 TAG_NOT_LINKED, an unknown one 404',
    body: unlinkTagsRequest,
    response: unlinkTagsResult,
  })
  unlink(@ZodBody(unlinkTagsRequest) body: UnlinkTagsRequest): Promise<UnlinkTagsResult> {
    return this.links.unlink(body.tagCodes, body.reason);
  }

  @Post()
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_CREATE)
  @ApiDoc({
    summary:
      'Register tags, all or none: an invalid code answers 400 with details [{ index, code, error }], a code repeated in the request 400 DUPLICATE_RFID, ' +
      'a code registered already 409 RFID_EXISTS',
    body: registerTagsRequest,
    response: registerTagsResult,
  })
  register(@ZodBody(registerTagsRequest) body: RegisterTagsRequest): Promise<RegisterTagsResult> {
    return this.commands.register(body);
  }

  @Get('lookup/:code')
  @RequireAnyPermission(LOOKUP_PERMISSIONS.tags)
  @ApiDoc({
    summary: 'A scanned tag as the link and unlink screens check it: state, locked, and its sample (code and name); unknown 404 NOT_FOUND with details { tagCode }',
    params: ['code'],
    response: tagLookup,
  })
  lookup(@ZodParam('code', tagCodeInput) code: string): Promise<TagLookup> {
    return this.queries.lookup(code);
  }

  @Get(':code')
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_DETAIL)
  @ApiDoc({ summary: 'One tag, with its SGTIN-96 decoding when it is one, and where a reader last saw it (`lastSeen`)', params: ['code'], response: tagDetail })
  detail(@ZodParam('code', tagCodeInput) code: string): Promise<TagDetail> {
    return this.queries.get(code);
  }

  @Post(':code/lock')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_LOCK)
  @ApiDoc({ summary: 'Lock a tag (a locked tag is not linked); repeating it changes nothing', params: ['code'], response: tagDetail })
  async lock(@ZodParam('code', tagCodeInput) code: string): Promise<TagDetail> {
    await this.commands.lock(code);
    return this.queries.get(code);
  }

  @Post(':code/unlock')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_UNLOCK)
  @ApiDoc({ summary: 'Unlock a tag; repeating it changes nothing', params: ['code'], response: tagDetail })
  async unlock(@ZodParam('code', tagCodeInput) code: string): Promise<TagDetail> {
    await this.commands.unlock(code);
    return this.queries.get(code);
  }

  @Post(':code/cancel')
  @HttpCode(200)
  @RequirePermission(P.SAMPLE_MANAGEMENT_RFID_CREATE)
  @ApiDoc({ summary: 'Cancel a tag (state CANCELLED, never linked again); a linked tag is unlinked first (409 TAG_LINKED)', params: ['code'], response: tagDetail })
  async cancel(@ZodParam('code', tagCodeInput) code: string): Promise<TagDetail> {
    await this.commands.cancel(code);
    return this.queries.get(code);
  }
}
