/*
 * What other modules may use of tickets: their events (the samples projection follows a closed
 * internal ticket for the samples' usage count) and the names of tickets for a log.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/database/database.js';
import { sampleAttributes } from '../samples/samples.public.js';
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { ticketModel } from './domain/ticket-state.js';


/** A ticket is named by its code. */
export const TICKETS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: ticketModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('tickets').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code])),
  },
];

/** A ticket line that lets its item through a gate: an approved or exporting export ticket, or a receiving import ticket, naming this gate. */
export interface TicketGatePermit {
  ticketId: string;
  code: string;
  direction: 'IMPORT' | 'EXPORT';
  /** `sample:{id}` or `product:{id}`. */
  key: string;
  planned: number;
}

/** The lines of tickets that let these items (`sample:{id}`, `product:{id}`) through this gate now. */
export async function ticketGatePermits(db: DbOrTx, gateId: string, keys: readonly string[]): Promise<TicketGatePermit[]> {
  if (!keys.length) return [];
  const rows = await db
    .selectFrom('ticket_lines as l')
    .innerJoin('tickets as t', 't.id', 'l.ticket_id')
    .select(['t.id', 't.code', 't.direction', 'l.key', 'l.planned'])
    .where('t.allowed_gate_id', '=', gateId)
    .where('t.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('t.status', 'in', ['APPROVED', 'EXPORTING']).and('t.direction', '=', 'EXPORT'), eb('t.status', '=', 'RECEIVING').and('t.direction', '=', 'IMPORT')]))
    .where('l.key', 'in', [...new Set(keys)])
    .execute();
  return rows.map((r) => ({ ticketId: r.id, code: r.code, direction: r.direction as 'IMPORT' | 'EXPORT', key: r.key, planned: r.planned }));
}

/** Where a sample is now: in the sample room in a zone (the zone a ticket brought it back to, else its own), or out on a ticket. */
export interface SamplePlace {
  sampleId: string;
  state: 'IN' | 'OUT';
  zoneId: string | null;
  ticketId: string | null;
}

/** The places of samples (not deleted): those in these zones, or these samples wherever they are. */
export async function samplePlaces(db: DbOrTx, where: { zoneIds: readonly string[] } | { sampleIds: readonly string[] }): Promise<SamplePlace[]> {
  const byZones = 'zoneIds' in where;
  const ids = byZones ? where.zoneIds : where.sampleIds;
  if (!ids.length) return [];
  const { rows } = await sql<{ sample_id: string; state: 'IN' | 'OUT'; zone_id: string | null; ticket_id: string | null }>`
    select p.* from (
      select s.id as sample_id, coalesce(w.state, 'IN') as state,
             case when w.state = 'OUT' then null else coalesce(w.zone_id, s.current_zone_id) end as zone_id,
             case when w.state = 'OUT' then w.ticket_id end as ticket_id
      from (${sampleAttributes(db)}) s left join sample_whereabouts w on w.sample_id = s.id
      where s.deleted_at is null ${byZones ? sql`` : sql`and s.id = any(${[...ids]}::uuid[])`}
    ) p
    ${byZones ? sql`where p.state = 'IN' and p.zone_id = any(${[...ids]}::uuid[])` : sql``}
    order by p.sample_id`.execute(db);
  return rows.map((r) => ({ sampleId: r.sample_id, state: r.state, zoneId: r.zone_id, ticketId: r.ticket_id }));
}

/** Each product's stock in these zones (warehouses), above 0: the sum of what closed tickets (and stocktakes) moved. */
export async function stockInZones(db: DbOrTx, zoneIds: readonly string[]): Promise<{ productId: string; zoneId: string; quantity: number }[]> {
  if (!zoneIds.length) return [];
  const rows = await db
    .selectFrom('stock_movements')
    .select((eb) => ['product_id', 'warehouse_id', eb.fn.sum<string>('quantity').as('quantity')])
    .where('warehouse_id', '=', sql<string>`any(${[...zoneIds]}::uuid[])`)
    .groupBy(['product_id', 'warehouse_id'])
    .having((eb) => eb.fn.sum('quantity'), '>', 0)
    .orderBy('product_id')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, zoneId: r.warehouse_id, quantity: Number(r.quantity) }));
}

/** The tickets' figures of the dashboard. */
export { openTicketCounts, samplesOut, stockFlow, ticketFlow } from './queries/ticket-figures.js';
