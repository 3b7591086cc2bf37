import type { GatePassView } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { toGatePassView } from './gate-passes.queries.js';

/** The passes since an instant (today's), and the latest `latest` passes. */
export async function gatePassFigures(db: DbOrTx, since: Date, latest: number): Promise<{ since: number; latest: GatePassView[] }> {
  const [count, rows] = await Promise.all([
    db.selectFrom('gate_passes').select(sql<string>`count(*)`.as('n')).where('at', '>=', since).executeTakeFirstOrThrow(),
    db.selectFrom('gate_passes').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(latest).execute(),
  ]);
  return { since: Number(count.n), latest: rows.map(toGatePassView) };
}
