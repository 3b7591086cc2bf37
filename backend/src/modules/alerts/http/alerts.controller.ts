import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { alertFilter, alertListQuery, alertListResponse, alertReportResponse, alertView, P, type AlertFilter, type AlertListQuery, type Language } from '@rfid/contracts';
import type { Response } from 'express';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ExcelExportResponse, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone, TimeZoneHeader } from '../../../platform/http/time-zone.js';
import { ApiDoc, uuidParam, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { ALERT_COLUMNS, ALERT_REPORT_TITLE, alertRow } from '../excel/alert-sheet.js';
import { AlertQueries, toAlertView, type AlertRow } from '../queries/alerts.queries.js';

/** The alert list is read by the gate alert logs and by the alert report. */
const ALERT_READERS = [P.SECURITY_GATE_LOG_LIST, P.REPORT_ALERT_LIST] as const;

async function* exportRows(rows: AsyncIterable<AlertRow>, language: Language) {
  for await (const row of rows) yield alertRow(toAlertView(row), language);
}

/** `/api/alerts` (the alerts, one alert) and `/api/reports/alerts` (the alert report with its totals, its Excel export). */
@ApiTags('alerts')
@ApiBearerAuth()
@Controller()
export class AlertsController {
  constructor(private readonly queries: AlertQueries) {}

  @Get('alerts')
  @RequireAnyPermission(ALERT_READERS)
  @ApiDoc({ summary: 'Alerts, newest first (filters dates, gate, kind, state, item kind, q over the tag and the item, product, sample attributes)', query: alertListQuery, response: alertListResponse })
  list(@ZodQuery(alertListQuery) query: AlertListQuery) {
    return this.queries.list(query);
  }

  @Get('alerts/:id')
  @RequireAnyPermission(ALERT_READERS)
  @ApiDoc({ summary: 'One alert (ALERT_NOT_FOUND)', params: ['id'], response: alertView })
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.get(id);
  }

  @Get('reports/alerts')
  @RequirePermission(P.REPORT_ALERT_LIST)
  @TimeZoneHeader()
  @ApiDoc({ summary: 'The alert report: a page of the alerts of the filter and their totals (active, disabled, per gate, per day in the client\'s time zone)', query: alertListQuery, response: alertReportResponse })
  report(@ZodQuery(alertListQuery) query: AlertListQuery, @RequestTimeZone() timeZone: string) {
    return this.queries.report(query, timeZone);
  }

  @Get('reports/alerts/export')
  @RequirePermission(P.REPORT_ALERT_LIST)
  @ApiDoc({ summary: 'Excel export of the alerts of the filter (all pages)', query: alertFilter })
  @ExcelExportResponse()
  async export(@ZodQuery(alertFilter) filter: AlertFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    startExcelDownload(res, 'alert-report', timeZone);
    await writeWorkbook(res, ALERT_COLUMNS, exportRows(this.queries.all(filter), language), { language, timeZone, sheetName: ALERT_REPORT_TITLE[language] });
  }
}
