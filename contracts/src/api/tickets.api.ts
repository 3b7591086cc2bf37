import { z } from 'zod';
import { P, type PermissionCode } from '../permissions.js';
import {
  apartDecisionRequest,
  TICKET_REQUESTS,
  ticketAction,
  ticketActionRequest,
  ticketDetail,
  ticketFilter,
  ticketLineView,
  ticketList,
  ticketListQuery,
  ticketScansRequest,
  ticketScansResult,
  type TicketDirection,
} from '../schemas/tickets.js';
import { expectedVersionQuery } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** Each direction's permissions: approving and cancelling need APPROVE (their own routes); the flow's steps need UPDATE. */
const PERMISSIONS: Record<TicketDirection, Record<'list' | 'detail' | 'create' | 'update' | 'remove' | 'approve', PermissionCode>> = {
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

/** A step of the flow on its own route (`:action`): every action but approving and cancelling. */
const flowAction = ticketAction.exclude(['approve', 'cancel']);

/** The routes of one direction's tickets (`/import-tickets`, `/export-tickets`), each with its direction's permission. */
function ticketsApi<const Base extends string>(direction: TicketDirection, base: Base) {
  const can = PERMISSIONS[direction];
  const what = direction === 'IMPORT' ? 'import ticket' : 'export ticket';
  const on = <const Path extends string>(path: Path) => `${base}${path}` as `${Base}${Path}`;
  return {
    list: route({
      method: 'GET',
      path: base,
      access: access.permission(can.list),
      summary: `List ${what}s (filters status, source, warehouse, dates, q over code and PO number)`,
      query: ticketListQuery,
      response: ticketList,
    }),
    export: route({
      method: 'GET',
      path: on('/export'),
      access: access.permission(can.list),
      summary: `Excel export of the ${what}s of the filter (all pages)`,
      query: ticketFilter,
      file: 'download',
      timeZone: true,
    }),
    create: route({
      method: 'POST',
      path: base,
      access: access.permission(can.create),
      summary: `Create an ${what}: SUPPLIER with product lines, or INTERNAL with samples; its code is made by the system`,
      body: TICKET_REQUESTS[direction].create,
      response: ticketDetail,
    }),
    detail: route({
      method: 'GET',
      path: on('/:id'),
      access: access.permission(can.detail),
      summary: `One ${what}: lines with planned, draft and actual quantities, tags apart, timeline, the actions the caller may take now`,
      response: ticketDetail,
    }),
    update: route({
      method: 'PUT',
      path: on('/:id'),
      access: access.permission(can.update),
      summary: `Change an ${what} while NEW or PREPARING (TICKET_NOT_EDITABLE after)`,
      body: TICKET_REQUESTS[direction].update,
      query: expectedVersionQuery,
      response: ticketDetail,
    }),
    remove: route({ method: 'DELETE', path: on('/:id'), access: access.permission(can.remove), summary: `Delete an ${what} while NEW (TICKET_NOT_DELETABLE after)`, status: 204 }),
    lines: route({ method: 'GET', path: on('/:id/lines'), access: access.permission(can.detail), summary: `The lines of an ${what} with their quantities`, response: z.array(ticketLineView) }),
    startScanning: route({
      method: 'POST',
      path: on('/:id/scanning/start'),
      access: access.permission(can.update),
      summary: 'Start scanning for the step the ticket is in (PREPARING: its equipment; DOING: its gate and equipment); a reader that does not start: SCANNING_START_FAILED; one another ticket, stocktake or count holds: READER_BUSY',
      response: ticketDetail,
      status: 200,
    }),
    stopScanning: route({
      method: 'POST',
      path: on('/:id/scanning/stop'),
      access: access.permission(can.update),
      summary: 'Stop scanning; a reader that does not stop: SCANNING_STOP_FAILED (the ticket has stopped counting)',
      response: ticketDetail,
      status: 200,
    }),
    scans: route({
      method: 'POST',
      path: on('/:id/scans'),
      access: access.permission(can.update),
      summary: 'Tags scanned elsewhere (pasted, or a handheld that syncs later), counted with the same rules as live reads',
      body: ticketScansRequest,
      response: ticketScansResult,
      status: 200,
    }),
    apart: route({
      method: 'POST',
      path: on('/:id/apart'),
      access: access.permission(can.update),
      summary: 'Accept tags listed apart (they count) or remove them (read again, they stay out)',
      body: apartDecisionRequest,
      response: ticketDetail,
      status: 200,
    }),
    approve: route({
      method: 'POST',
      path: on('/:id/approve'),
      access: access.permission(can.approve),
      summary: `Approve an ${what} awaiting approval (never by its creator: APPROVER_IS_CREATOR)`,
      body: ticketActionRequest,
      response: ticketDetail,
      status: 200,
    }),
    cancel: route({
      method: 'POST',
      path: on('/:id/cancel'),
      access: access.permission(can.approve),
      summary: `Cancel an ${what} awaiting approval (never by its creator); it may be submitted again`,
      body: ticketActionRequest,
      response: ticketDetail,
      status: 200,
    }),
    // after the fixed paths
    step: route({
      method: 'POST',
      path: on('/:id/:action'),
      access: access.permission(can.update),
      summary: 'A step of the flow: prepare, prepared, submit, start, close or rollback (with a reason); one not allowed from the current state: TICKET_ACTION_NOT_ALLOWED',
      body: ticketActionRequest,
      response: ticketDetail,
      params: { action: flowAction },
      status: 200,
    }),
  } as const;
}

export const IMPORT_TICKETS_API = ticketsApi('IMPORT', '/import-tickets');
export const EXPORT_TICKETS_API = ticketsApi('EXPORT', '/export-tickets');
