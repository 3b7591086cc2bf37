/** The gate tickets' read model: each ticket, the gates it names, the items it lets through. */
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
