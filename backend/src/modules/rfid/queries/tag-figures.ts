import { TAG_STATES, type TagState } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';

/** The tags now, by state, and how many are locked. */
export async function tagFigures(db: DbOrTx): Promise<{ byState: Record<TagState, number>; locked: number }> {
  const rows = await db
    .selectFrom('rfid_tags')
    .select(['state', sql<string>`count(*)`.as('n'), sql<string>`count(*) filter (where locked)`.as('locked')])
    .groupBy('state')
    .execute();
  const byState = Object.fromEntries(TAG_STATES.map((s) => [s, 0])) as Record<TagState, number>;
  let locked = 0;
  for (const r of rows) {
    byState[r.state] = Number(r.n);
    locked += Number(r.locked);
  }
  return { byState, locked };
}
