import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  inventoryFilter,
  inventoryQuery,
  inventoryReportQuery,
  inventoryReportRow,
  inventoryRow,
  listResponse,
  P,
  samplePlaceRow,
  type InventoryFilter,
  type InventoryQuery,
  type InventoryReportQuery,
  type Language,
} from '@rfid/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { ExcelExportResponse, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { INVENTORY_COLUMNS, INVENTORY_REPORT_COLUMNS, INVENTORY_REPORT_SHEET_TITLE, INVENTORY_SHEET_TITLE, inventoryReportRowOf, inventoryRowOf } from '../excel/ticket-sheets.js';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, ZodQuery } from '../../../platform/http/zod.js';
import { TicketQueries } from '../queries/tickets.queries.js';

/** The stock that closed tickets moved: the inventory now or as of a moment, and the inventory report of a period. */
@ApiTags('inventory')
@ApiBearerAuth()
@Controller()
export class InventoryController {
  constructor(private readonly queries: TicketQueries) {}

  @Get('inventory')
  @RequirePermission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST)
  @ApiDoc({ summary: 'Stock per product and warehouse: on hand (as of `asOf` when given), reserved by approved export tickets, incoming on open import tickets', query: inventoryQuery, response: listResponse(inventoryRow) })
  inventory(@ZodQuery(inventoryQuery) query: InventoryQuery) {
    return this.queries.inventory(query);
  }

  @Get('inventory/samples')
  @RequirePermission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST)
  @ApiDoc({ summary: 'How many samples are where: in the sample room per zone, out per ticket that lent them', response: z.array(samplePlaceRow) })
  samples() {
    return this.queries.samplePlaces();
  }

  @Get('inventory/export')
  @RequirePermission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST)
  @ApiDoc({ summary: 'Excel export of the stock of the filter (as of `asOf` when given)', query: inventoryFilter })
  @ExcelExportResponse()
  async inventoryExport(@ZodQuery(inventoryFilter) filter: InventoryFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    const rows = await this.queries.inventoryAll(filter);
    startExcelDownload(res, 'inventory', timeZone);
    await writeWorkbook(res, INVENTORY_COLUMNS, rows.map(inventoryRowOf), { language, timeZone, sheetName: INVENTORY_SHEET_TITLE[language] });
  }

  @Get('reports/inventory/export')
  @RequirePermission(P.REPORT_INVENTORY_LIST)
  @ApiDoc({ summary: 'Excel export of the inventory report of a period', query: inventoryReportQuery })
  @ExcelExportResponse()
  async reportExport(@ZodQuery(inventoryReportQuery) query: InventoryReportQuery, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
    const rows = await this.queries.inventoryReport(query);
    startExcelDownload(res, 'inventory-report', timeZone);
    await writeWorkbook(res, INVENTORY_REPORT_COLUMNS, rows.map(inventoryReportRowOf), { language, timeZone, sheetName: INVENTORY_REPORT_SHEET_TITLE[language] });
  }

  @Get('reports/inventory')
  @RequirePermission(P.REPORT_INVENTORY_LIST)
  @ApiDoc({ summary: 'Per product and warehouse over a period: opening, in, out, closing, with the tickets behind each movement', query: inventoryReportQuery, response: z.array(inventoryReportRow) })
  report(@ZodQuery(inventoryReportQuery) query: InventoryReportQuery) {
    return this.queries.inventoryReport(query);
  }
}
