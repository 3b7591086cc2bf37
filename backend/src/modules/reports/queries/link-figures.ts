import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { quarterHourOf } from '../../../platform/database/day-counts.js';

/** The links and unlinks since an instant, per quarter hour (to be summed per local day). */
export async function linkFlow(db: DbOrTx, since: Date): Promise<{ action: 'LINK' | 'UNLINK'; quarter: string; total: string }[]> {
  return db
    .selectFrom('tag_link_history')
    .select(['action', quarterHourOf('at').as('quarter'), sql<string>`count(*)`.as('total')])
    .where('at', '>=', since)
    .groupBy(['action', sql`2`])
    .execute();
}
