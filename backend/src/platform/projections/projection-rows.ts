import { sql } from 'kysely';
import type { Tx } from '../database/database.js';
import type { StoredEvent } from '../event-store/types.js';

/** What every event sets on its record's row: the stream's version (an edit form sends it back) and when it changed. */
export function versionStamp(e: StoredEvent): { version: number; updated_at: Date } {
  return { version: e.streamVersion, updated_at: e.recordedAt };
}

/**
 * The code of a record a read model keeps, for a search key an update makes again: its events carry the
 * code once, when the record is made.
 */
export async function codeOf(tx: Tx, table: string, id: string): Promise<string> {
  const row = await sql<{ code: string }>`select code from ${sql.table(table)} where id = ${id}`.execute(tx);
  if (!row.rows[0]) throw new Error(`${table} ${id}: no such row`);
  return row.rows[0].code;
}
