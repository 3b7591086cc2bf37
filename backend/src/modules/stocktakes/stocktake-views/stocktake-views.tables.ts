import type { STOCKTAKE_FIELDS } from '@rfid/contracts';
import type { Generated } from 'kysely';
import type { EntityRow } from '../../../platform/entity-fields/entity-columns.js';
import type { StocktakeCorrections } from '../stocktakes.events.js';

/** The stocktakes' read model: each stocktake with its totals, its result lines, the scan batches it took in. */
export interface StocktakesTable extends EntityRow<typeof STOCKTAKE_FIELDS> {
  id: string;
  code: string;
  status: string;
  expected_total: Generated<number>;
  found_total: Generated<number>;
  missing_total: Generated<number>;
  abnormal_total: Generated<number>;
  ignored_total: Generated<number>;
  scanned_total: Generated<number>;
  corrections: StocktakeCorrections | null;
  created_by_id: string | null;
  created_by_name: string | null;
  updated_by_id: string | null;
  updated_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  closed_at: Date | null;
  search_key: string;
  version: number;
  /** The global position of the last event that changed the stocktake, its counts included. */
  position: Generated<number>;
}

export interface StocktakeLinesTable {
  id: Generated<number>;
  stocktake_id: string;
  key: string;
  kind: string;
  item_id: string | null;
  code: string;
  name: string | null;
  zone_id: string | null;
  epc: string | null;
  expected: number;
  found: Generated<number>;
  result: string;
  reason: string | null;
  other_zone_id: string | null;
  ignored: Generated<boolean>;
  ignore_note: string | null;
  search_key: string;
}

export interface StocktakeScansTable {
  stocktake_id: string;
  epc: string;
}
