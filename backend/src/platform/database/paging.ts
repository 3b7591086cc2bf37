import type { ListResponse } from '@rfid/contracts';
import { CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Db, DbOrTx } from './database.js';

/**
 * One page of a filtered, sorted query plus the total of the filter, as every list answers
 * (`{ data, total, page, size }`, `page` counted from 1). A stable tie-breaker keeps pages from overlapping.
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
 * Every row of a sorted query (an export of all pages), fetched in batches through a cursor in one
 * read-only snapshot: the rows are exactly those of the filter at the start, however long the reader
 * takes, never all in memory, and the query runs once (pages by OFFSET read the skipped rows again,
 * and an export of 50,000 rows spent most of its time there). The next batch is fetched while the
 * reader works on the current one. `query` builds the query on the snapshot's transaction; its order
 * must be total (end with a unique column), as for pageOf.
 */
export async function* allRowsOf<O>(
  db: Db,
  // any: a query with aliased or joined tables has a wider database type than Database
  query: (db: DbOrTx) => SelectQueryBuilder<any, any, O>,
  batchSize = 2000,
): AsyncGenerator<O> {
  const tx = await db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  let pending: Promise<unknown> | undefined;
  try {
    const compiled = query(tx).compile();
    await tx.executeQuery(CompiledQuery.raw(`declare all_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]));
    const fetchBatch = () => tx.executeQuery<O>(CompiledQuery.raw(`fetch forward ${batchSize} from all_rows`)).then((r) => r.rows);
    let next = fetchBatch();
    for (;;) {
      pending = next;
      const rows = await next;
      const more = rows.length === batchSize;
      if (more) pending = next = fetchBatch();
      yield* rows;
      if (!more) return;
    }
  } finally {
    // a reader that stopped early leaves a fetch running on the transaction: let it end first
    await pending?.catch(() => undefined);
    await tx.rollback().execute();
  }
}
