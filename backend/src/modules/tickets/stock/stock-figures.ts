import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { quarterHourOf } from '../../../platform/database/day-counts.js';

type QuarterCounts = { quarter: string; total: string }[];

/** Samples out of the sample room on a ticket now. */
export async function samplesOut(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom('sample_whereabouts').select(sql<string>`count(*)`.as('n')).where('state', '=', 'OUT').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Since an instant, per quarter hour (to be summed per local day): the units of stock moved in and out. */
export async function stockFlow(db: DbOrTx, since: Date): Promise<{ stockIn: QuarterCounts; stockOut: QuarterCounts }> {
  const moves = (sign: '>' | '<') =>
    db
      .selectFrom('stock_movements')
      .select([quarterHourOf('at').as('quarter'), sql<string>`sum(abs(quantity))`.as('total')])
      .where('at', '>=', since)
      .where('quantity', sign, 0)
      .groupBy(sql`1`)
      .execute();
  const [stockIn, stockOut] = await Promise.all([moves('>'), moves('<')]);
  return { stockIn, stockOut };
}
