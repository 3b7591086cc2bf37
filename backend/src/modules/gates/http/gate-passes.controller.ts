import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { gatePassFilter, gatePassListQuery, gatePassListResponse, P, type GatePassFilter, type GatePassListQuery, type GatePassListResponse, type Language } from '@rfid/contracts';
import type { Response } from 'express';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ExcelExportResponse, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, ZodQuery } from '../../../platform/http/zod.js';
import { GATE_PASS_COLUMNS, GATE_PASS_SHEET_TITLE, gatePassRow } from '../excel/gate-pass-sheet.js';
import { GatePassQueries, toGatePassView } from '../queries/gate-passes.queries.js';

/** `/api/gate-passes`: the gate history (SECURITY_GATE_LOG_LIST) and its Excel export. */
@ApiTags('gates')
@ApiBearerAuth()
@Controller('gate-passes')
export class GatePassesController {
  constructor(private readonly queries: GatePassQueries) {}

  @Get()
  @RequirePermission(P.SECURITY_GATE_LOG_LIST)
  @ApiDoc({ summary: 'Every pass a gate decided (newest first): gate, time, direction, tag, item, decision, the permit that allowed it or the alert it raised', query: gatePassListQuery, response: gatePassListResponse })
  list(@ZodQuery(gatePassListQuery) query: GatePassListQuery): Promise<GatePassListResponse> {
    return this.queries.list(query);
  }

  @Get('export')
  @RequirePermission(P.SECURITY_GATE_LOG_LIST)
  @ApiDoc({ summary: 'Excel export of the passes of the filter (all pages)', query: gatePassFilter })
  @ExcelExportResponse()
  async export(@ZodQuery(gatePassFilter) filter: GatePassFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response): Promise<void> {
    startExcelDownload(res, 'gate-history', timeZone);
    const rows = this.queries.all(filter);
    async function* sheetRows() {
      for await (const r of rows) yield gatePassRow(toGatePassView(r), language);
    }
    await writeWorkbook(res, GATE_PASS_COLUMNS, sheetRows(), { language, timeZone, sheetName: GATE_PASS_SHEET_TITLE[language] });
  }
}
