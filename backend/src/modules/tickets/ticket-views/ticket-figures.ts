import type { TicketDirection, TicketStatus } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { quarterHourOf } from '../../../platform/database/day-counts.js';

type QuarterCounts = { quarter: string; total: string }[];

/** Tickets not yet closed or cancelled, counted by direction and status. */
export async function openTicketCounts(db: DbOrTx): Promise<{ direction: TicketDirection; status: TicketStatus; count: number }[]> {
  const rows = await db
    .selectFrom('tickets')
    .select(['direction', 'status', sql<string>`count(*)`.as('n')])
    .where('deleted_at', 'is', null)
    .where('status', 'not in', ['CLOSED', 'CANCELLED'])
    .groupBy(['direction', 'status'])
    .execute();
  return rows.map((r) => ({ direction: r.direction as TicketDirection, status: r.status as TicketStatus, count: Number(r.n) }));
}

/**
 * Since an instant, per quarter hour (to be summed per local day): tickets created and tickets closed (a
 * closed ticket changes no more: its last change is its closing).
 */
export async function ticketFlow(db: DbOrTx, since: Date): Promise<{ created: QuarterCounts; closed: QuarterCounts }> {
  const tickets = db.selectFrom('tickets').where('deleted_at', 'is', null);
  const [created, closed] = await Promise.all([
    tickets.select([quarterHourOf('created_at').as('quarter'), sql<string>`count(*)`.as('total')]).where('created_at', '>=', since).groupBy(sql`1`).execute(),
    tickets.select([quarterHourOf('updated_at').as('quarter'), sql<string>`count(*)`.as('total')]).where('status', '=', 'CLOSED').where('updated_at', '>=', since).groupBy(sql`1`).execute(),
  ]);
  return { created, closed };
}
