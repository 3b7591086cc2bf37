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

/** Samples out of the sample room on a ticket now. */
export async function samplesOut(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom('sample_whereabouts').select(sql<string>`count(*)`.as('n')).where('state', '=', 'OUT').executeTakeFirstOrThrow();
  return Number(row.n);
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
