import type { DbOrTx } from '../../../platform/database/database.js';

/** The stocktakes being counted now, with their progress, the longest running first. */
export async function stocktakesInProgress(db: DbOrTx): Promise<{ id: string; code: string; name: string; expected: number; found: number; abnormal: number; scanned: number }[]> {
  const rows = await db
    .selectFrom('stocktakes')
    .select(['id', 'code', 'name', 'expected_total', 'found_total', 'abnormal_total', 'scanned_total'])
    .where('status', '=', 'INVENTORIZING')
    .orderBy('started_at')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, expected: r.expected_total, found: r.found_total, abnormal: r.abnormal_total, scanned: r.scanned_total }));
}
