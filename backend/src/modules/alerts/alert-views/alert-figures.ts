import type { AlertView } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { quarterHourOf } from '../../../platform/database/day-counts.js';
import { toAlertView } from './alerts.queries.js';

/**
 * The alerts for a dashboard: how many are active now, how many of any kind were raised since `today`
 * (what the alert report lists from that instant: a reader gone offline is an alert of the day too),
 * the gate alerts since `since` per gate and quarter hour (to be summed per local day), and the latest
 * `latest` alerts of any kind.
 */
export async function alertFigures(
  db: DbOrTx,
  since: Date,
  today: Date,
  latest: number,
): Promise<{ active: number; today: number; gates: { gateId: string | null; gateName: string | null; quarter: string; total: string }[]; latest: AlertView[] }> {
  const [active, raisedToday, gates, rows] = await Promise.all([
    db.selectFrom('alerts').select(sql<string>`count(*)`.as('n')).where('disabled_at', 'is', null).executeTakeFirstOrThrow(),
    db.selectFrom('alerts').select(sql<string>`count(*)`.as('n')).where('at', '>=', today).executeTakeFirstOrThrow(),
    db
      .selectFrom('alerts')
      .select([
        'gate_id as gateId',
        // a gate renamed meanwhile is named as its latest alert names it
        sql<string | null>`(array_agg(gate_name order by at desc))[1]`.as('gateName'),
        quarterHourOf('at').as('quarter'),
        sql<string>`count(*)`.as('total'),
      ])
      .where('kind', '=', 'GATE')
      .where('at', '>=', since)
      .groupBy(['gate_id', sql`3`])
      .execute(),
    db.selectFrom('alerts').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(latest).execute(),
  ]);
  return { active: Number(active.n), today: Number(raisedToday.n), gates, latest: rows.map(toAlertView) };
}
