import { Res } from '@nestjs/common';
import { API, type AlertFilter, type AlertListQuery, type Language } from '@rfid/contracts';
import type { Response } from 'express';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { ALERT_COLUMNS, ALERT_REPORT_TITLE, alertRow } from '../excel/alert-sheet.js';
import { AlertsOfFilter, GetAlert, GetAlertReport, ListAlerts, toAlertView, type AlertRow } from '../alert-views/alerts.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

async function* exportRows(rows: AsyncIterable<AlertRow>, language: Language) {
  for await (const row of rows) yield alertRow(toAlertView(row), language);
}

const R = API.alerts;

/** The alerts and the alert report (contracts' `API.alerts`). */
@ApiController('alerts')
export class AlertsController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: AlertListQuery) {
    return this.queries.execute(new ListAlerts(query));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.execute(new GetAlert(id));
  }

  @Route(R.report)
  report(@RouteQuery(R.report) query: AlertListQuery, @RequestTimeZone() timeZone: string) {
    return this.queries.execute(new GetAlertReport(query, timeZone));
  }

  @Route(R.reportExport)
  async export(@RouteQuery(R.reportExport) filter: AlertFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    startExcelDownload(res, 'alert-report', timeZone);
    await writeWorkbook(res, ALERT_COLUMNS, exportRows(await this.queries.execute(new AlertsOfFilter(filter)), language), { language, timeZone, sheetName: ALERT_REPORT_TITLE[language] });
  }
}
