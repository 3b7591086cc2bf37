import type { TICKET_FIELDS } from '@rfid/contracts';
import type { Generated } from 'kysely';
import type { EntityRow } from '../../../platform/entity-fields/entity-columns.js';

/** The ticket read model's tables: each ticket, its lines and the tags it set apart. */

/** A ticket: its fields' columns (warehouse_id, po_number ...) and what the system keeps. */
export interface TicketsTable extends EntityRow<typeof TICKET_FIELDS> {
  id: string;
  code: string;
  direction: string;
  source: string;
  flow: string;
  approval: string | null;
  status: string;
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
