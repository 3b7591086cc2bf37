import type { ListResponse } from '@rfid/contracts';
import type { SelectQueryBuilder } from 'kysely';

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
