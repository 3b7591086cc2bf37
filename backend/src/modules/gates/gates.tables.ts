export interface GatePassesTable {
  id: string;
  at: Date;
  gate_id: string;
  gate_code: string;
  gate_name: string;
  antenna: number | null;
  direction: string;
  epc: string;
  item_kind: string;
  item_id: string | null;
  item_code: string;
  item_name: string | null;
  decision: string;
  permit_kind: string | null;
  permit_id: string | null;
  permit_code: string | null;
  alert_id: string | null;
  search_key: string;
}

export interface GateTicketsTable {
  id: string;
  code: string;
  reason: string;
  state: string;
  valid_from: Date;
  valid_to: Date;
  created_by_id: string | null;
  created_by_name: string | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface GateTicketGatesTable {
  ticket_id: string;
  gate_id: string;
}

export interface GateTicketItemsTable {
  ticket_id: string;
  position: number;
  kind: string;
  sample_id: string | null;
  product_id: string | null;
  tag_code: string | null;
  quantity: number;
}

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
