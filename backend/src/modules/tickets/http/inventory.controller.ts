import { Res } from '@nestjs/common';
import { API, type InventoryFilter, type InventoryQuery, type InventoryReportQuery, type Language } from '@rfid/contracts';
import type { Response } from 'express';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { INVENTORY_REPORT_SHEET_COLUMNS, INVENTORY_REPORT_SHEET_TITLE, INVENTORY_SHEET_COLUMNS, INVENTORY_SHEET_TITLE, inventoryReportRowOf } from '../excel/ticket-sheets.js';
import { ApiController, Route, RouteQuery } from '../../../platform/http/api-route.js';
import { CountSamplePlaces, GetInventory, GetInventoryReport, InventoryOfFilter } from '../stock/stock.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.inventory;

/** The stock that closed tickets moved: the inventory now or as of a moment, and the inventory report of a period. */
@ApiController('inventory')
export class InventoryController extends BusController {
  @Route(R.inventory)
  inventory(@RouteQuery(R.inventory) query: InventoryQuery) {
    return this.queries.execute(new GetInventory(query));
  }

  @Route(R.samples)
  samples() {
    return this.queries.execute(new CountSamplePlaces());
  }

  @Route(R.inventoryExport)
  async inventoryExport(@RouteQuery(R.inventoryExport) filter: InventoryFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    const rows = await this.queries.execute(new InventoryOfFilter(filter));
    startExcelDownload(res, 'inventory', timeZone);
    await writeWorkbook(res, INVENTORY_SHEET_COLUMNS, rows, { language, timeZone, sheetName: INVENTORY_SHEET_TITLE[language] });
  }

  @Route(R.reportExport)
  async reportExport(@RouteQuery(R.reportExport) query: InventoryReportQuery, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    const rows = await this.queries.execute(new GetInventoryReport(query));
    startExcelDownload(res, 'inventory-report', timeZone);
    await writeWorkbook(res, INVENTORY_REPORT_SHEET_COLUMNS, rows.map(inventoryReportRowOf), { language, timeZone, sheetName: INVENTORY_REPORT_SHEET_TITLE[language] });
  }

  @Route(R.report)
  report(@RouteQuery(R.report) query: InventoryReportQuery) {
    return this.queries.execute(new GetInventoryReport(query));
  }
}
