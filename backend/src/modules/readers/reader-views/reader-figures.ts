import type { DbOrTx } from '../../../platform/database/database.js';

/** The readers now: how many are connected, and those that are not (never connected ones too), longest silent first. */
export async function readerFigures(db: DbOrTx): Promise<{ online: number; offline: { id: string; code: string; name: string; since: Date | null }[] }> {
  const rows = await db
    .selectFrom('readers as r')
    .leftJoin('reader_live as l', 'l.reader_id', 'r.id')
    .select(['r.id', 'r.code', 'r.name', 'l.connection', 'l.connection_changed_at'])
    .orderBy('l.connection_changed_at', (ob) => ob.asc().nullsFirst())
    .orderBy('r.code')
    .execute();
  const offline = rows.filter((r) => r.connection !== 'CONNECTED').map((r) => ({ id: r.id, code: r.code, name: r.name, since: r.connection_changed_at }));
  return { online: rows.length - offline.length, offline };
}
