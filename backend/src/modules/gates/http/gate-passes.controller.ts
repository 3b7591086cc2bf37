import { Res } from '@nestjs/common';
import { API, type GatePassFilter, type GatePassListQuery, type GatePassListResponse, type Language } from '@rfid/contracts';
import type { Response } from 'express';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteQuery } from '../../../platform/http/api-route.js';
import { GATE_PASS_COLUMNS, GATE_PASS_SHEET_TITLE, gatePassRow } from '../excel/gate-pass-sheet.js';
import { GatePassesOfFilter, ListGatePasses, toGatePassView } from '../gate-pass-views/gate-passes.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.gatePasses;

/** The gate history and its Excel export (contracts' `API.gatePasses`). */
@ApiController('gates')
export class GatePassesController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: GatePassListQuery): Promise<GatePassListResponse> {
    return this.queries.execute(new ListGatePasses(query));
  }

  @Route(R.export)
  async export(@RouteQuery(R.export) filter: GatePassFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response): Promise<void> {
    startExcelDownload(res, 'gate-history', timeZone);
    const rows = await this.queries.execute(new GatePassesOfFilter(filter));
    async function* sheetRows() {
      for await (const r of rows) yield gatePassRow(toGatePassView(r), language);
    }
    await writeWorkbook(res, GATE_PASS_COLUMNS, sheetRows(), { language, timeZone, sheetName: GATE_PASS_SHEET_TITLE[language] });
  }
}
