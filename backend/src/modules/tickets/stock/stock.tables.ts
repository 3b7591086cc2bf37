import type { ColumnType, Generated } from 'kysely';

/** The stock read model's tables: what closed tickets and stocktakes moved, and where each sample is. */
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
