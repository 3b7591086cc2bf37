import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { linkReportFilter, linkReportQuery, linkReportResponse, linkReportUser, P, type Language, type LinkReportFilter, type LinkReportQuery, type LinkReportResponse, type LinkReportUser } from '@rfid/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ExcelExportResponse, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, ZodQuery } from '../../../platform/http/zod.js';
import { LINK_REPORT_TITLE, linkReportColumns, linkReportRow } from '../excel/link-report-sheet.js';
import { LinkReportQueries, toEntry, type LinkAction, type LinkReportRow } from '../queries/link-reports.queries.js';

async function* exportRows(rows: AsyncIterable<LinkReportRow>) {
  for await (const row of rows) yield linkReportRow(toEntry(row));
}

/** `/api/reports/linking` and `/api/reports/unlink` (the linking and unlink report screens): list with totals, users, Excel export. */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class LinkReportsController {
  constructor(@Inject(LinkReportQueries) private readonly queries: LinkReportQueries) {}

  @Get('linking')
  @RequirePermission(P.REPORT_LINKING_LIST)
  @ApiDoc({ summary: 'Links of tags to samples (paged, newest first) with totals of the filter: links, distinct tags, distinct samples', query: linkReportQuery, response: linkReportResponse })
  linking(@ZodQuery(linkReportQuery) query: LinkReportQuery): Promise<LinkReportResponse> {
    return this.queries.list('LINK', query);
  }

  @Get('linking/users')
  @RequirePermission(P.REPORT_LINKING_LIST)
  @ApiDoc({ summary: 'The users who linked tags: the choices of the user filter', response: z.array(linkReportUser) })
  linkingUsers(): Promise<LinkReportUser[]> {
    return this.queries.users('LINK');
  }

  @Get('linking/export')
  @RequirePermission(P.REPORT_LINKING_LIST)
  @ApiDoc({ summary: 'Excel export of the links of the filter (all pages)', query: linkReportFilter })
  @ExcelExportResponse()
  linkingExport(@ZodQuery(linkReportFilter) filter: LinkReportFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    return this.export('LINK', filter, { language, timeZone }, res);
  }

  @Get('unlink')
  @RequirePermission(P.REPORT_UNLINKING_LIST)
  @ApiDoc({ summary: 'Unlinks of tags from samples (paged, newest first) with their reasons and totals of the filter', query: linkReportQuery, response: linkReportResponse })
  unlink(@ZodQuery(linkReportQuery) query: LinkReportQuery): Promise<LinkReportResponse> {
    return this.queries.list('UNLINK', query);
  }

  @Get('unlink/users')
  @RequirePermission(P.REPORT_UNLINKING_LIST)
  @ApiDoc({ summary: 'The users who unlinked tags: the choices of the user filter', response: z.array(linkReportUser) })
  unlinkUsers(): Promise<LinkReportUser[]> {
    return this.queries.users('UNLINK');
  }

  @Get('unlink/export')
  @RequirePermission(P.REPORT_UNLINKING_LIST)
  @ApiDoc({ summary: 'Excel export of the unlinks of the filter (all pages)', query: linkReportFilter })
  @ExcelExportResponse()
  unlinkExport(@ZodQuery(linkReportFilter) filter: LinkReportFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    return this.export('UNLINK', filter, { language, timeZone }, res);
  }

  private async export(action: LinkAction, filter: LinkReportFilter, { language, timeZone }: { language: Language; timeZone: string }, res: Response): Promise<void> {
    startExcelDownload(res, action === 'LINK' ? 'linking-report' : 'unlink-report', timeZone);
    await writeWorkbook(res, linkReportColumns(action), exportRows(this.queries.all(action, filter)), { language, timeZone, sheetName: LINK_REPORT_TITLE[action][language] });
  }
}
