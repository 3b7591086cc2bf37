import { sql, type Kysely } from 'kysely';

/** Rows per read and write of a backfill. */
const BATCH = 5000;

/** A table's rows that a migration computes something from: the table, its key column and that column's type, the columns to read. */
export interface BackfillSource {
  table: string;
  id: string;
  idType: 'uuid' | 'text';
  columns: readonly string[];
}

/**
 * The rows of a table in batches, in the order of its key column, for a migration that computes in
 * TypeScript what the projection computes for new rows (a search key of rows already there).
 */
export async function* batchesOf<R>(db: Kysely<unknown>, source: BackfillSource): AsyncGenerator<R[]> {
  const id = sql.ref(source.id);
  const columns = sql.join([id, ...source.columns.map((c) => sql.ref(c))]);
  let after: string | undefined;
  for (;;) {
    const from = after === undefined ? sql`` : sql`where ${id} > ${after}::${sql.raw(source.idType)}`;
    const { rows } = await sql<R & Record<string, string>>`select ${columns} from ${sql.table(source.table)} ${from} order by ${id} limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]![source.id];
  }
}

/**
 * Fills the `search_key` column a migration adds to a read model that has rows: each row's key made
 * by `keyOf`, the function its projection uses for new rows.
 */
export async function fillSearchKeys<R>(db: Kysely<unknown>, source: BackfillSource, keyOf: (row: R) => string): Promise<void> {
  for await (const rows of batchesOf<R & Record<string, string>>(db, source)) {
    const ids = rows.map((r) => r[source.id]);
    const keys = rows.map(keyOf);
    await sql`
      update ${sql.table(source.table)} as t set search_key = k.search_key
      from unnest(${ids}::${sql.raw(source.idType)}[], ${keys}::text[]) as k(id, search_key)
      where t.${sql.ref(source.id)} = k.id
    `.execute(db);
  }
}
