import type { GatePassesTable } from './gate-pass-views/gate-pass-views.tables.js';
import type { GateTicketsTable, GateTicketGatesTable, GateTicketItemsTable } from './gate-ticket-views/gate-ticket-views.tables.js';

/** The tables the gates module owns; others read them through gates.public.ts. */
export interface GatesTables {
  gate_passes: GatePassesTable;
  gate_tickets: GateTicketsTable;
  gate_ticket_gates: GateTicketGatesTable;
  gate_ticket_items: GateTicketItemsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends GatesTables {}
}
