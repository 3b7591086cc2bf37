import { Controller, Delete, Get, HttpCode, Post, Put, Res, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  apartDecisionRequest,
  createTicketRequest,
  expectedVersionQuery,
  P,
  ticketAction,
  ticketActionRequest,
  ticketDetail,
  ticketFilter,
  ticketLineView,
  ticketList,
  ticketListQuery,
  ticketScansRequest,
  ticketScansResult,
  updateTicketRequest,
  type ApartDecisionRequest,
  type CreateTicketRequest,
  type PermissionCode,
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
import { z } from 'zod';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ExcelExportResponse, startExcelDownload } from '../../../platform/excel/excel-http.js';
import { writeWorkbook } from '../../../platform/excel/workbook-writer.js';
import { RequestLanguage } from '../../../platform/http/language.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { TICKET_COLUMNS, TICKET_SHEET_TITLE, ticketRow } from '../excel/ticket-sheets.js';
import { TicketCommands } from '../commands/ticket.commands.js';
import { TicketQueries } from '../queries/tickets.queries.js';

interface TicketPermissions {
  list: PermissionCode;
  detail: PermissionCode;
  create: PermissionCode;
  update: PermissionCode;
  remove: PermissionCode;
  approve: PermissionCode;
}

const PERMISSIONS: Record<TicketDirection, TicketPermissions> = {
  IMPORT: {
    list: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST,
    detail: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL,
    create: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_CREATE,
    update: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_UPDATE,
    remove: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DELETE,
    approve: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_APPROVE,
  },
  EXPORT: {
    list: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST,
    detail: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL,
    create: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_CREATE,
    update: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE,
    remove: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DELETE,
    approve: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE,
  },
};

/** Approving and cancelling need the APPROVE permission (their own routes); the flow's steps need UPDATE. */
const flowAction = ticketAction.exclude(['approve', 'cancel']);

/**
 * The import and export tickets' routes, one controller per direction built from this one definition:
 * `/api/import-tickets` and `/api/export-tickets`, each route with its direction's permission.
 */
function ticketsController(direction: TicketDirection, path: string): Type<unknown> {
  const can = PERMISSIONS[direction];
  const what = direction === 'IMPORT' ? 'import ticket' : 'export ticket';

  @ApiTags('tickets')
  @ApiBearerAuth()
  @Controller(path)
  class TicketsController {
    constructor(
      readonly commands: TicketCommands,
      readonly queries: TicketQueries,
    ) {}

    @Get()
    @RequirePermission(can.list)
    @ApiDoc({ summary: `List ${what}s (filters status, source, warehouse, dates, q over code and PO number)`, query: ticketListQuery, response: ticketList })
    list(@ZodQuery(ticketListQuery) query: TicketListQuery) {
      return this.queries.list(direction, query);
    }

    /** Declared before `:id`. */
    @Get('export')
    @RequirePermission(can.list)
    @ApiDoc({ summary: `Excel export of the ${what}s of the filter (all pages)`, query: ticketFilter })
    @ExcelExportResponse()
    async export(@ZodQuery(ticketFilter) filter: TicketFilter, @RequestLanguage() language: Language, @RequestTimeZone() timeZone: string, @Res() res: Response) {
      const rows = await this.queries.all(direction, filter);
      startExcelDownload(res, direction === 'IMPORT' ? 'import-tickets' : 'export-tickets', timeZone);
      await writeWorkbook(res, TICKET_COLUMNS, rows.map((r) => ticketRow(r, language)), { language, timeZone, sheetName: TICKET_SHEET_TITLE[direction][language] });
    }

    @Post()
    @RequirePermission(can.create)
    @ApiDoc({ summary: `Create an ${what}: SUPPLIER with product lines, or INTERNAL with samples; its code is made by the system`, body: createTicketRequest, response: ticketDetail })
    async create(@ZodBody(createTicketRequest) body: CreateTicketRequest, @CurrentPrincipal() by: Principal) {
      const { id } = await this.commands.create(direction, body, by);
      return this.queries.detail(direction, id, by);
    }

    @Get(':id')
    @RequirePermission(can.detail)
    @ApiDoc({ summary: `One ${what}: lines with planned, draft and actual quantities, tags apart, timeline, the actions the caller may take now`, params: ['id'], response: ticketDetail })
    detail(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
      return this.queries.detail(direction, id, by);
    }

    @Put(':id')
    @RequirePermission(can.update)
    @ApiDoc({ summary: `Change an ${what} while NEW or PREPARING (TICKET_NOT_EDITABLE after)`, params: ['id'], body: updateTicketRequest, query: expectedVersionQuery, response: ticketDetail })
    async update(
      @ZodParam('id', uuidParam) id: string,
      @ZodBody(updateTicketRequest) body: UpdateTicketRequest,
      @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
      @CurrentPrincipal() by: Principal,
    ) {
      await this.commands.update(direction, id, body, expectedVersion);
      return this.queries.detail(direction, id, by);
    }

    @Delete(':id')
    @HttpCode(204)
    @RequirePermission(can.remove)
    @ApiDoc({ summary: `Delete an ${what} while NEW (TICKET_NOT_DELETABLE after)`, params: ['id'] })
    async remove(@ZodParam('id', uuidParam) id: string) {
      await this.commands.delete(direction, id);
    }

    @Get(':id/lines')
    @RequirePermission(can.detail)
    @ApiDoc({ summary: `The lines of an ${what} with their quantities`, params: ['id'], response: z.array(ticketLineView) })
    async lines(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
      return (await this.queries.detail(direction, id, by)).lines;
    }

    @Post(':id/scanning/start')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({ summary: 'Start scanning for the step the ticket is in (PREPARING: its equipment; DOING: its gate and equipment); a reader that does not start: SCANNING_START_FAILED', params: ['id'], response: ticketDetail })
    async startScanning(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
      await this.commands.startScanning(direction, id);
      return this.queries.detail(direction, id, by);
    }

    @Post(':id/scanning/stop')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({ summary: 'Stop scanning; a reader that does not stop: SCANNING_STOP_FAILED (the ticket has stopped counting)', params: ['id'], response: ticketDetail })
    async stopScanning(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
      await this.commands.stopScanning(direction, id);
      return this.queries.detail(direction, id, by);
    }

    @Post(':id/scans')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({ summary: 'Tags scanned elsewhere (pasted, or a handheld that syncs later), counted with the same rules as live reads', params: ['id'], body: ticketScansRequest, response: ticketScansResult })
    scans(@ZodParam('id', uuidParam) id: string, @ZodBody(ticketScansRequest) body: TicketScansRequest) {
      return this.commands.addScans(direction, id, body.epcs);
    }

    @Post(':id/apart')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({ summary: 'Accept tags listed apart (they count) or remove them (read again, they stay out)', params: ['id'], body: apartDecisionRequest, response: ticketDetail })
    async apart(@ZodParam('id', uuidParam) id: string, @ZodBody(apartDecisionRequest) body: ApartDecisionRequest, @CurrentPrincipal() by: Principal) {
      await this.commands.decideApart(direction, id, body.decision, body.epcs);
      return this.queries.detail(direction, id, by);
    }

    @Post(':id/approve')
    @HttpCode(200)
    @RequirePermission(can.approve)
    @ApiDoc({ summary: `Approve an ${what} awaiting approval (never by its creator: APPROVER_IS_CREATOR)`, params: ['id'], body: ticketActionRequest, response: ticketDetail })
    approve(@ZodParam('id', uuidParam) id: string, @ZodBody(ticketActionRequest) body: TicketActionRequest, @CurrentPrincipal() by: Principal) {
      return this.act(id, 'approve', body, by);
    }

    @Post(':id/cancel')
    @HttpCode(200)
    @RequirePermission(can.approve)
    @ApiDoc({ summary: `Cancel an ${what} awaiting approval (never by its creator); it may be submitted again`, params: ['id'], body: ticketActionRequest, response: ticketDetail })
    cancel(@ZodParam('id', uuidParam) id: string, @ZodBody(ticketActionRequest) body: TicketActionRequest, @CurrentPrincipal() by: Principal) {
      return this.act(id, 'cancel', body, by);
    }

    /** Declared after the fixed paths: prepare, prepared, submit, start, close, rollback. */
    @Post(':id/:action')
    @HttpCode(200)
    @RequirePermission(can.update)
    @ApiDoc({
      summary: 'A step of the flow: prepare, prepared, submit, start, close or rollback (with a reason); one not allowed from the current state: TICKET_ACTION_NOT_ALLOWED',
      params: ['id', 'action'],
      body: ticketActionRequest,
      response: ticketDetail,
    })
    step(
      @ZodParam('id', uuidParam) id: string,
      @ZodParam('action', flowAction) action: TicketAction,
      @ZodBody(ticketActionRequest) body: TicketActionRequest,
      @CurrentPrincipal() by: Principal,
    ) {
      return this.act(id, action, body, by);
    }

    async act(id: string, action: TicketAction, body: TicketActionRequest, by: Principal) {
      await this.commands.act(direction, id, action, body.reason ?? null, by);
      return this.queries.detail(direction, id, by);
    }
  }
  Object.defineProperty(TicketsController, 'name', { value: direction === 'IMPORT' ? 'ImportTicketsController' : 'ExportTicketsController' });
  return TicketsController;
}

export const ImportTicketsController = ticketsController('IMPORT', 'import-tickets');
export const ExportTicketsController = ticketsController('EXPORT', 'export-tickets');
