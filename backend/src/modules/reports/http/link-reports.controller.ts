import { Res } from '@nestjs/common';
import { API, type Language, type LinkReportFilter, type LinkReportQuery, type LinkReportResponse, type LinkReportUser } from '@rfid/contracts';
import type { Response } from 'express';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteQuery } from '../../../platform/http/api-route.js';
import { LINK_REPORT_TITLE, linkReportColumns, linkReportRow } from '../excel/link-report-sheet.js';
import { LinkReportOfFilter, LinkReportUsers, ListLinkReport, toEntry, type LinkAction, type LinkReportRow } from '../queries/link-reports.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

async function* exportRows(rows: AsyncIterable<LinkReportRow>) {
  for await (const row of rows) yield linkReportRow(toEntry(row));
}

const R = API.linkReports;

/** `/api/reports/linking` and `/api/reports/unlink` (the linking and unlink report screens): list with totals, users, Excel export. */
@ApiController('reports')
export class LinkReportsController extends BusController {
  @Route(R.linking)
  linking(@RouteQuery(R.linking) query: LinkReportQuery): Promise<LinkReportResponse> {
    return this.queries.execute(new ListLinkReport('LINK', query));
  }

  @Route(R.linkingUsers)
  linkingUsers(): Promise<LinkReportUser[]> {
    return this.queries.execute(new LinkReportUsers('LINK'));
  }

  @Route(R.linkingExport)
  linkingExport(@RouteQuery(R.linkingExport) filter: LinkReportFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    return this.export('LINK', filter, { language, timeZone }, res);
  }

  @Route(R.unlink)
  unlink(@RouteQuery(R.unlink) query: LinkReportQuery): Promise<LinkReportResponse> {
    return this.queries.execute(new ListLinkReport('UNLINK', query));
  }

  @Route(R.unlinkUsers)
  unlinkUsers(): Promise<LinkReportUser[]> {
    return this.queries.execute(new LinkReportUsers('UNLINK'));
  }

  @Route(R.unlinkExport)
  unlinkExport(@RouteQuery(R.unlinkExport) filter: LinkReportFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    return this.export('UNLINK', filter, { language, timeZone }, res);
  }

  private async export(action: LinkAction, filter: LinkReportFilter, { language, timeZone }: { language: Language; timeZone: string }, res: Response): Promise<void> {
    startExcelDownload(res, action === 'LINK' ? 'linking-report' : 'unlink-report', timeZone);
    await writeWorkbook(res, linkReportColumns(action), exportRows(await this.queries.execute(new LinkReportOfFilter(action, filter))), { language, timeZone, sheetName: LINK_REPORT_TITLE[action][language] });
  }
}
