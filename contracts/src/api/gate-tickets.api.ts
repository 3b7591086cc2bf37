import { P } from '../permissions.js';
import { createGateTicketRequest, gateTicketDetail, gateTicketListQuery, gateTicketListResponse, updateGateTicketRequest } from '../schemas/gates.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** Gate tickets: lists of items allowed through named gates for a while, approved before they count. */
export const GATE_TICKETS_API = {
  list: route({
    method: 'GET',
    path: '/gate-tickets',
    access: access.permission(P.SECURITY_GATE_TICKET_LIST),
    summary: 'List gate tickets (filters q over code and reason, state, gate, from/to: tickets whose window overlaps the range)',
    query: gateTicketListQuery,
    response: gateTicketListResponse,
  }),
  detail: route({
    method: 'GET',
    path: '/gate-tickets/:id',
    access: access.permission(P.SECURITY_GATE_TICKET_LIST),
    summary: 'One gate ticket: its gates, its items with how many have passed, the actions the caller may take now',
    response: gateTicketDetail,
  }),
  create: route({
    method: 'POST',
    path: '/gate-tickets',
    access: access.permission(P.SECURITY_GATE_TICKET_CREATE),
    summary: 'Create a gate ticket (CREATED); its code (GT and six digits) is made by the system; a gate that is not a GATE reader: GATE_NOT_FOUND',
    body: createGateTicketRequest,
    response: gateTicketDetail,
  }),
  update: route({
    method: 'PUT',
    path: '/gate-tickets/:id',
    access: access.permission(P.SECURITY_GATE_TICKET_UPDATE),
    summary: 'Replace every field of a CREATED gate ticket (GATE_TICKET_NOT_EDITABLE after); `version` is the one the form was opened on (another: CONCURRENCY_CONFLICT)',
    body: updateGateTicketRequest,
    response: gateTicketDetail,
  }),
  remove: route({
    method: 'DELETE',
    path: '/gate-tickets/:id',
    access: access.permission(P.SECURITY_GATE_TICKET_DELETE),
    summary: 'Delete a CREATED gate ticket (GATE_TICKET_NOT_EDITABLE after)',
    status: 204,
  }),
  approve: route({
    method: 'POST',
    path: '/gate-tickets/:id/approve',
    access: access.permission(P.SECURITY_GATE_TICKET_APPROVE),
    summary: 'Approve a CREATED gate ticket: it lets its items pass its gates within its window (never by its creator: APPROVER_IS_CREATOR)',
    response: gateTicketDetail,
    status: 200,
  }),
  cancel: route({
    method: 'POST',
    path: '/gate-tickets/:id/cancel',
    access: access.permission(P.SECURITY_GATE_TICKET_APPROVE),
    summary: 'Cancel a CREATED gate ticket (never by its creator: APPROVER_IS_CREATOR)',
    response: gateTicketDetail,
    status: 200,
  }),
} as const;
