import type { ColumnType, Generated } from 'kysely';

export interface TicketsTable {
  id: string;
  code: string;
  direction: string;
  source: string;
  flow: string;
  approval: string | null;
  status: string;
  warehouse_id: string;
  supplier_id: string | null;
  po_number: string | null;
  allowed_gate_id: string | null;
  equipment_id: string | null;
  note: string | null;
  created_by_id: string | null;
  created_by_name: string | null;
  approved_by_id: string | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  scanning: { step: 'PREPARING' | 'DOING'; readerIds: string[] } | null;
  planned_total: Generated<number>;
  draft_total: Generated<number>;
  actual_total: Generated<number>;
  apart_total: Generated<number>;
  search_key: string;
  deleted_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface TicketLinesTable {
  ticket_id: string;
  key: string;
  product_id: string | null;
  sample_id: string | null;
  planned: number;
  draft: Generated<number>;
  actual: Generated<number>;
  position: number;
}

export interface TicketApartTable {
  ticket_id: string;
  step: string;
  epc: string;
  reason: string;
  key: string | null;
  units: number;
  at: Date;
}

export interface StockMovementsTable {
  id: Generated<number>;
  ticket_id: string;
  product_id: string;
  warehouse_id: string;
  quantity: number;
  at: Date;
  /** A stocktake's adjustment: its code (`ticket_id` is then the stocktake's id); null for a ticket's movement. */
  source_code: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SampleWhereaboutsTable {
  sample_id: string;
  state: 'IN' | 'OUT';
  zone_id: string | null;
  ticket_id: string | null;
  since: Date;
}

export interface SampleMovesTable {
  id: Generated<number>;
  sample_id: string;
  ticket_id: string;
  from_state: string | null;
  from_zone_id: string | null;
  from_ticket_id: string | null;
  to_state: string;
  at: Date;
}

/** The tables the tickets module owns; others read them through tickets.public.ts. */
export interface TicketsTables {
  tickets: TicketsTable;
  ticket_lines: TicketLinesTable;
  ticket_apart: TicketApartTable;
  stock_movements: StockMovementsTable;
  sample_whereabouts: SampleWhereaboutsTable;
  sample_moves: SampleMovesTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends TicketsTables {}
}
