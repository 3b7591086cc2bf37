import { Res, type Type } from '@nestjs/common';
import {
  API,
  type ApartDecisionRequest,
  type CreateTicketRequest,
  type TicketAction,
  type TicketActionRequest,
  type Language,
  type TicketDirection,
  type TicketFilter,
  type TicketListQuery,
  type TicketScansRequest,
  type UpdateTicketRequest,
} from '@rfid/contracts';
import type { Response } from 'express';

import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { TICKET_COLUMNS, TICKET_SHEET_TITLE, ticketRow } from '../excel/ticket-sheets.js';
import { ActOnTicket, AddTicketScans, CreateTicket, DecideTicketApart, DeleteTicket, ScanTicket, UpdateTicket } from '../commands/ticket.commands.js';
import { GetTicket, ListTickets, TicketsOfFilter } from '../ticket-views/tickets.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

/**
 * The import and export tickets' routes, one controller per direction built from this one definition:
 * contracts' `API.importTickets` and `API.exportTickets`, each route with its direction's permission.
 */
function ticketsController(direction: TicketDirection): Type<unknown> {
  const R = direction === 'IMPORT' ? API.importTickets : API.exportTickets;

  @ApiController('tickets')
  class TicketsController extends BusController {
    @Route(R.list)
    list(@RouteQuery(R.list) query: TicketListQuery) {
      return this.queries.execute(new ListTickets(direction, query));
    }

    /** Declared before `:id`. */
    @Route(R.export)
    async export(@RouteQuery(R.export) filter: TicketFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
      const rows = await this.queries.execute(new TicketsOfFilter(direction, filter));
      startExcelDownload(res, direction === 'IMPORT' ? 'import-tickets' : 'export-tickets', timeZone);
      await writeWorkbook(res, TICKET_COLUMNS, rows.map((r) => ticketRow(r, language)), { language, timeZone, sheetName: TICKET_SHEET_TITLE[direction][language] });
    }

    @Route(R.create)
    async create(@RouteBody(R.create) body: CreateTicketRequest, @CurrentPrincipal() by: Principal) {
      const { id } = await this.commands.execute(new CreateTicket({ direction, request: body, by }));
      return this.queries.execute(new GetTicket(direction, id, by));
    }

    @Route(R.detail)
    detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() by: Principal) {
      return this.queries.execute(new GetTicket(direction, id, by));
    }

    @Route(R.update)
    async update(
      @RouteParam(R.update, 'id') id: string,
      @RouteBody(R.update) body: UpdateTicketRequest,
      @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
      @CurrentPrincipal() by: Principal,
    ) {
      await this.commands.execute(new UpdateTicket({ direction, ticketId: id, request: body, expectedVersion }));
      return this.queries.execute(new GetTicket(direction, id, by));
    }

    @Route(R.remove)
    async remove(@RouteParam(R.remove, 'id') id: string) {
      await this.commands.execute(new DeleteTicket({ direction, ticketId: id }));
    }

    @Route(R.lines)
    async lines(@RouteParam(R.lines, 'id') id: string, @CurrentPrincipal() by: Principal) {
      return (await this.queries.execute(new GetTicket(direction, id, by))).lines;
    }

    @Route(R.startScanning)
    async startScanning(@RouteParam(R.startScanning, 'id') id: string, @CurrentPrincipal() by: Principal) {
      await this.commands.execute(new ScanTicket({ direction, ticketId: id, scanning: 'start' }));
      return this.queries.execute(new GetTicket(direction, id, by));
    }

    @Route(R.stopScanning)
    async stopScanning(@RouteParam(R.stopScanning, 'id') id: string, @CurrentPrincipal() by: Principal) {
      await this.commands.execute(new ScanTicket({ direction, ticketId: id, scanning: 'stop' }));
      return this.queries.execute(new GetTicket(direction, id, by));
    }

    @Route(R.scans)
    scans(@RouteParam(R.scans, 'id') id: string, @RouteBody(R.scans) body: TicketScansRequest) {
      return this.commands.execute(new AddTicketScans({ direction, ticketId: id, codes: body.epcs }));
    }

    @Route(R.apart)
    async apart(@RouteParam(R.apart, 'id') id: string, @RouteBody(R.apart) body: ApartDecisionRequest, @CurrentPrincipal() by: Principal) {
      await this.commands.execute(new DecideTicketApart({ direction, ticketId: id, decision: body.decision, epcs: body.epcs }));
      return this.queries.execute(new GetTicket(direction, id, by));
    }

    @Route(R.approve)
    approve(@RouteParam(R.approve, 'id') id: string, @RouteBody(R.approve) body: TicketActionRequest, @CurrentPrincipal() by: Principal) {
      return this.act(id, 'approve', body, by);
    }

    @Route(R.cancel)
    cancel(@RouteParam(R.cancel, 'id') id: string, @RouteBody(R.cancel) body: TicketActionRequest, @CurrentPrincipal() by: Principal) {
      return this.act(id, 'cancel', body, by);
    }

    /** Declared after the fixed paths: prepare, prepared, submit, start, close, rollback. */
    @Route(R.step)
    step(
      @RouteParam(R.step, 'id') id: string,
      @RouteParam(R.step, 'action') action: TicketAction,
      @RouteBody(R.step) body: TicketActionRequest,
      @CurrentPrincipal() by: Principal,
    ) {
      return this.act(id, action, body, by);
    }

    async act(id: string, action: TicketAction, body: TicketActionRequest, by: Principal) {
      await this.commands.execute(new ActOnTicket({ direction, ticketId: id, action, reason: body.reason ?? null, by }));
      return this.queries.execute(new GetTicket(direction, id, by));
    }
  }
  Object.defineProperty(TicketsController, 'name', { value: direction === 'IMPORT' ? 'ImportTicketsController' : 'ExportTicketsController' });
  return TicketsController;
}

export const ImportTicketsController = ticketsController('IMPORT');
export const ExportTicketsController = ticketsController('EXPORT');
