import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';

/** The samples now (deleted ones aside): how many, how many carry a tag, how many are marked missing. */
export async function sampleFigures(db: DbOrTx): Promise<{ total: number; linked: number; missing: number }> {
  const [counts, missing] = await Promise.all([
    db.selectFrom('sample_counts').select(['total', 'linked']).executeTakeFirst(),
    db.selectFrom('samples').select(sql<string>`count(*)`.as('n')).where('missing_since', 'is not', null).where('deleted_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return { total: counts?.total ?? 0, linked: counts?.linked ?? 0, missing: Number(missing.n) };
}
