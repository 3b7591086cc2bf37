import { Res } from '@nestjs/common';
import {
  API,
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
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { AddStocktakeScans, CloseStocktake, CreateStocktake, IgnoreStocktakeLine, ResetStocktake, StartStocktake, UpdateStocktake } from '../commands/stocktake.commands.js';
import { STOCKTAKE_LINE_SHEET_COLUMNS, STOCKTAKE_LINE_SHEET_TITLE, stocktakeLineRow } from '../excel/stocktake-line-sheet.js';
import { GetStocktake, ListStocktakeLines, ListStocktakes, StocktakeLinesOfFilter, toLineView } from '../stocktake-views/stocktakes.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.stocktakes;

/** `/api/stocktakes`: stocktaking tickets (STOCKTAKE_STOCKTAKING_*): expected against found in some zones, counted by handhelds or uploads, closed with corrections. */
@ApiController('stocktakes')
export class StocktakesController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: StocktakeListQuery) {
    return this.queries.execute(new ListStocktakes(query));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() by: Principal) {
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateStocktakeRequest, @CurrentPrincipal() by: Principal) {
    const { id } = await this.commands.execute(new CreateStocktake({ request: body }));
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.update)
  async update(@RouteParam(R.update, 'id') id: string, @RouteBody(R.update) body: UpdateStocktakeRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new UpdateStocktake({ stocktakeId: id, request: body }));
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.start)
  async start(@RouteParam(R.start, 'id') id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new StartStocktake({ stocktakeId: id }));
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.reset)
  async reset(@RouteParam(R.reset, 'id') id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new ResetStocktake({ stocktakeId: id }));
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.close)
  async close(@RouteParam(R.close, 'id') id: string, @RouteBody(R.close) body: CloseStocktakeRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new CloseStocktake({ stocktakeId: id, request: body }));
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.lines)
  lines(@RouteParam(R.lines, 'id') id: string, @RouteQuery(R.lines) query: StocktakeLineQuery) {
    return this.queries.execute(new ListStocktakeLines(id, query));
  }

  @Route(R.ignore)
  async ignore(
    @RouteParam(R.ignore, 'id') id: string,
    @RouteParam(R.ignore, 'lineId') lineId: number,
    @RouteBody(R.ignore) body: IgnoreLineRequest,
    @CurrentPrincipal() by: Principal,
  ) {
    await this.commands.execute(new IgnoreStocktakeLine({ stocktakeId: id, lineId, note: body.note }));
    return this.queries.execute(new GetStocktake(id, by));
  }

  @Route(R.scans)
  scans(@RouteParam(R.scans, 'id') id: string, @RouteBody(R.scans) body: StocktakeScansRequest) {
    return this.commands.execute(new AddStocktakeScans({ stocktakeId: id, request: body }));
  }

  @Route(R.export)
  async export(
    @RouteParam(R.export, 'id') id: string,
    @RouteQuery(R.export) filter: StocktakeLineFilter,
    @RequestLanguage() language: Language,
    @RequestTimeZone() timeZone: string,
    @Res() res: Response,
  ): Promise<void> {
    const rows = await this.queries.execute(new StocktakeLinesOfFilter(id, filter));
    startExcelDownload(res, 'stocktake', timeZone);
    async function* sheetRows() {
      for await (const r of rows) yield stocktakeLineRow(toLineView(r), language);
    }
    await writeWorkbook(res, STOCKTAKE_LINE_SHEET_COLUMNS, sheetRows(), { language, timeZone, sheetName: STOCKTAKE_LINE_SHEET_TITLE[language] });
  }
}
