import type { ListResponse } from '@rfid/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Db, DbOrTx } from './database.js';
import type { Database } from './schema.js';

/**
 * One page of a filtered, sorted query plus the total of the filter, as every list answers
 * (`{ data, total, page, size }`, DESIGN.md D6). A stable tie-breaker keeps pages from overlapping.
 */
export async function pageOf<DB, TB extends keyof DB, O, R = O>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: { page: number; size: number },
  map: (row: O) => R = (row) => row as unknown as R,
): Promise<ListResponse<R>> {
  const [rows, count] = await Promise.all([
    query.limit(paging.size).offset((paging.page - 1) * paging.size).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(map), total: Number((count as { total: number }).total), page: paging.page, size: paging.size };
}

/** Escapes LIKE wildcards in user text, so a search for "50%" means that literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every row of a sorted query (an export of all pages), fetched in batches from one read-only
 * snapshot: the rows are exactly those of the filter at the start, however long the reader takes,
 * and never all in memory. `query` builds the query on the snapshot's transaction; its order must be
 * total (end with a unique column), as for pageOf.
 */
export async function* allRowsOf<TB extends keyof Database, O>(
  db: Db,
  query: (db: DbOrTx) => SelectQueryBuilder<Database, TB, O>,
  batchSize = 2000,
): AsyncGenerator<O> {
  const tx = await db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  try {
    for (let offset = 0; ; offset += batchSize) {
      const rows = (await query(tx).limit(batchSize).offset(offset).execute()) as O[];
      yield* rows;
      if (rows.length < batchSize) return;
    }
  } finally {
    await tx.rollback().execute();
  }
}
