import { Controller, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  closeStocktakeRequest,
  createStocktakeRequest,
  ignoreLineRequest,
  P,
  stocktakeDetail,
  stocktakeLineFilter,
  stocktakeLineQuery,
  stocktakeLineResponse,
  stocktakeListQuery,
  stocktakeListResponse,
  stocktakeScansRequest,
  stocktakeScansResponse,
  updateStocktakeRequest,
  type CloseStocktakeRequest,
  type CreateStocktakeRequest,
  type IgnoreLineRequest,
  type Language,
  type StocktakeLineFilter,
  type StocktakeLineQuery,
  type StocktakeListQuery,
  type StocktakeScansRequest,
  type UpdateStocktakeRequest,
} from '@rfid/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ExcelExportResponse, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { StocktakeCommands } from '../commands/stocktake.commands.js';
import { STOCKTAKE_LINE_COLUMNS, STOCKTAKE_LINE_SHEET_TITLE, stocktakeLineRow } from '../excel/stocktake-line-sheet.js';
import { StocktakeQueries, toLineView } from '../queries/stocktakes.queries.js';

const lineIdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `/api/stocktakes`: stocktaking tickets (STOCKTAKE_STOCKTAKING_*): expected against found in some zones, counted by handhelds or uploads, closed with corrections. */
@ApiTags('stocktakes')
@ApiBearerAuth()
@Controller('stocktakes')
export class StocktakesController {
  constructor(
    private readonly commands: StocktakeCommands,
    private readonly queries: StocktakeQueries,
  ) {}

  @Get()
  @RequireAnyPermission([P.STOCKTAKE_STOCKTAKING_LIST, P.STOCKTAKE_STOCKTAKING_SEARCH])
  @ApiDoc({ summary: 'List stocktakes (filters q over code and name, status, zone, from/to: created within)', query: stocktakeListQuery, response: stocktakeListResponse })
  list(@ZodQuery(stocktakeListQuery) query: StocktakeListQuery) {
    return this.queries.list(query);
  }

  @Get(':id')
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_DETAIL)
  @ApiDoc({ summary: 'One stocktake: zones, readers, users, totals, corrections once closed, and what the caller may do now', params: ['id'], response: stocktakeDetail })
  detail(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
    return this.queries.detail(id, by);
  }

  @Post()
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_CREATE)
  @ApiDoc({
    summary: 'Create a stocktake (CREATE) with the expected list: every sample and product stock in its zones now (nothing there: NO_DATA); its code (ST and six digits) is made by the system',
    body: createStocktakeRequest,
    response: stocktakeDetail,
  })
  async create(@ZodBody(createStocktakeRequest) body: CreateStocktakeRequest, @CurrentPrincipal() by: Principal) {
    const { id } = await this.commands.create(body);
    return this.queries.detail(id, by);
  }

  @Put(':id')
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_UPDATE)
  @ApiDoc({
    summary: 'Change the name, note, readers and users of a CREATE stocktake (in progress: STOCKTAKE_IN_PROGRESS; closed: CANNOT_UPDATE_COMPLETED_INVENTORY); `version` is the one the form was opened on (another: CONCURRENCY_CONFLICT)',
    params: ['id'],
    body: updateStocktakeRequest,
    response: stocktakeDetail,
  })
  async update(@ZodParam('id', uuidParam) id: string, @ZodBody(updateStocktakeRequest) body: UpdateStocktakeRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.update(id, body);
    return this.queries.detail(id, by);
  }

  @Post(':id/start')
  @HttpCode(200)
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_UPDATE)
  @ApiDoc({
    summary: 'Start counting (CREATE → INVENTORIZING): its readers are put into COUNTING mode and started (one that fails is logged; uploads count all the same); a reader counting for another stocktake: READER_BUSY',
    params: ['id'],
    response: stocktakeDetail,
  })
  async start(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.start(id);
    return this.queries.detail(id, by);
  }

  @Post(':id/reset')
  @HttpCode(200)
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_UPDATE)
  @ApiDoc({ summary: 'Reset (INVENTORIZING → CREATE): every scan discarded, ignored lines too; its readers stop', params: ['id'], response: stocktakeDetail })
  async reset(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.reset(id);
    return this.queries.detail(id, by);
  }

  @Post(':id/close')
  @HttpCode(200)
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_UPDATE)
  @ApiDoc({
    summary: 'Close (INVENTORIZING → CLOSED) with the corrections chosen: found samples of other zones moved here, missing samples marked, product stock adjusted; abnormal lines raise the STOCKTAKE_ABNORMAL alert',
    params: ['id'],
    body: closeStocktakeRequest,
    response: stocktakeDetail,
  })
  async close(@ZodParam('id', uuidParam) id: string, @ZodBody(closeStocktakeRequest) body: CloseStocktakeRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.close(id, body);
    return this.queries.detail(id, by);
  }

  @Get(':id/lines')
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_DETAIL)
  @ApiDoc({ summary: 'The result lines (ALL, ABNORMAL, IGNORE; found or missing; q over code, name and tag) with the totals', params: ['id'], query: stocktakeLineQuery, response: stocktakeLineResponse })
  lines(@ZodParam('id', uuidParam) id: string, @ZodQuery(stocktakeLineQuery) query: StocktakeLineQuery) {
    return this.queries.lines(id, query);
  }

  @Post(':id/lines/:lineId/ignore')
  @HttpCode(200)
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_UPDATE)
  @ApiDoc({ summary: 'Ignore an ABNORMAL or MISSING line with a note (not once closed)', params: ['id', 'lineId'], body: ignoreLineRequest, response: stocktakeDetail })
  async ignore(
    @ZodParam('id', uuidParam) id: string,
    @ZodParam('lineId', lineIdParam) lineId: number,
    @ZodBody(ignoreLineRequest) body: IgnoreLineRequest,
    @CurrentPrincipal() by: Principal,
  ) {
    await this.commands.ignore(id, lineId, body.note);
    return this.queries.detail(id, by);
  }

  @Post(':id/scans')
  @HttpCode(200)
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_UPDATE)
  @ApiDoc({
    summary: 'Count uploaded EPCs (a handheld that syncs later) as a reader’s reads, in `zoneId` (default the first zone); only while INVENTORIZING (else STOCKTAKE_NOT_COUNTING)',
    params: ['id'],
    body: stocktakeScansRequest,
    response: stocktakeScansResponse,
  })
  scans(@ZodParam('id', uuidParam) id: string, @ZodBody(stocktakeScansRequest) body: StocktakeScansRequest) {
    return this.commands.scans(id, body);
  }

  @Get(':id/export')
  @RequirePermission(P.STOCKTAKE_STOCKTAKING_DETAIL)
  @ApiDoc({ summary: 'Excel export of the result lines of the filter (all pages)', params: ['id'], query: stocktakeLineFilter })
  @ExcelExportResponse()
  async export(
    @ZodParam('id', uuidParam) id: string,
    @ZodQuery(stocktakeLineFilter) filter: StocktakeLineFilter,
    @RequestLanguage() language: Language,
    @RequestTimeZone() timeZone: string,
    @Res() res: Response,
  ): Promise<void> {
    const rows = await this.queries.allLines(id, filter);
    startExcelDownload(res, 'stocktake', timeZone);
    async function* sheetRows() {
      for await (const r of rows) yield stocktakeLineRow(toLineView(r), language);
    }
    await writeWorkbook(res, STOCKTAKE_LINE_COLUMNS, sheetRows(), { language, timeZone, sheetName: STOCKTAKE_LINE_SHEET_TITLE[language] });
  }
}
