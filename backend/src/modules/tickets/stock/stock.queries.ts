import { Inject, Injectable } from '@nestjs/common';
import type { InventoryFilter, InventoryQuery, InventoryReportQuery, InventoryReportRow, InventoryRow, ListResponse, SamplePlaceRow, TicketDirection, TicketStatus } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { productNames, productsByIds } from '../../products/products.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

type StockRow = { product_id: string; warehouse_id: string; warehouse_name: string | null; on_hand: number; reserved: number; incoming: number };

/** Where a sample is now: in the sample room in a zone (the zone a ticket brought it back to, else its own), or out on a ticket. */
export interface SamplePlace {
  sampleId: string;
  state: 'IN' | 'OUT';
  zoneId: string | null;
  ticketId: string | null;
}

/**
 * Every sample (not deleted) and where it is now: in the sample room in a zone (the zone a ticket
 * brought it back to, else its own), or out on the ticket that lent it.
 */
function placesOfSamples(db: DbOrTx) {
  return sql`
    select s.id as sample_id, coalesce(w.state, 'IN') as state,
           case when w.state = 'OUT' then null else coalesce(w.zone_id, s.current_zone_id) end as zone_id,
           case when w.state = 'OUT' then w.ticket_id end as ticket_id
    from (${sampleAttributes(db)}) s left join sample_whereabouts w on w.sample_id = s.id
    where s.deleted_at is null`;
}

/** The places of samples (not deleted): those in these zones, or these samples wherever they are. */
export async function samplePlaces(db: DbOrTx, where: { zoneIds: readonly string[] } | { sampleIds: readonly string[] }): Promise<SamplePlace[]> {
  const byZones = 'zoneIds' in where;
  const ids = byZones ? where.zoneIds : where.sampleIds;
  if (!ids.length) return [];
  const { rows } = await sql<{ sample_id: string; state: 'IN' | 'OUT'; zone_id: string | null; ticket_id: string | null }>`
    select p.* from (${placesOfSamples(db)}) p
    where ${byZones ? sql`p.state = 'IN' and p.zone_id = any(${[...ids]}::uuid[])` : sql`p.sample_id = any(${[...ids]}::uuid[])`}
    order by p.sample_id`.execute(db);
  return rows.map((r) => ({ sampleId: r.sample_id, state: r.state, zoneId: r.zone_id, ticketId: r.ticket_id }));
}

/** The export tickets whose planned quantities are held for them: approved, and exporting (until closed). */
export const RESERVING_STATUSES: readonly TicketStatus[] = ['APPROVED', 'EXPORTING'];
/** The import tickets whose planned quantities are on their way in: not yet closed. */
const INCOMING_STATUSES: readonly TicketStatus[] = ['NEW', 'PREPARING', 'PREPARED', 'RECEIVING'];

/** What the tickets of a direction in these statuses plan, per product and warehouse. */
function plannedOn(db: DbOrTx, direction: TicketDirection, statuses: readonly TicketStatus[]) {
  return db
    .selectFrom('ticket_lines as l')
    .innerJoin('tickets as t', 't.id', 'l.ticket_id')
    .select(['l.product_id', 't.warehouse_id', sql<number>`sum(l.planned)::int`.as('planned')])
    .where('t.direction', '=', direction)
    .where('t.status', 'in', statuses)
    .where('t.deleted_at', 'is', null)
    .where('l.product_id', 'is not', null)
    .groupBy(['l.product_id', 't.warehouse_id']);
}

/** What export tickets other than `ticketId` hold of these products in the warehouse (RESERVING_STATUSES). */
export async function reservedElsewhere(db: DbOrTx, ticketId: string, warehouseId: string, productIds: readonly string[]): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await plannedOn(db, 'EXPORT', RESERVING_STATUSES)
    .where('t.id', '!=', ticketId)
    .where('t.warehouse_id', '=', warehouseId)
    .where('l.product_id', 'in', [...productIds])
    .execute();
  return new Map(rows.map((r) => [r.product_id!, Number(r.planned)]));
}

/** A ticket's products in its warehouse: each one's stock on hand, and what other export tickets hold of it. */
export async function stockFor(db: DbOrTx, ticketId: string, warehouseId: string, productIds: readonly string[]): Promise<{ onHand: Map<string, number>; reserved: Map<string, number> }> {
  if (!productIds.length) return { onHand: new Map(), reserved: new Map() };
  return {
    onHand: new Map((await stockInZones(db, [warehouseId], productIds)).map((s) => [s.productId, s.quantity])),
    reserved: await reservedElsewhere(db, ticketId, warehouseId, productIds),
  };
}

/** Each product's stock in these zones (warehouses), above 0 (of these products only, when given): the sum of what closed tickets (and stocktakes) moved. */
export async function stockInZones(db: DbOrTx, zoneIds: readonly string[], productIds?: readonly string[]): Promise<{ productId: string; zoneId: string; quantity: number }[]> {
  if (!zoneIds.length || productIds?.length === 0) return [];
  const rows = await db
    .selectFrom('stock_movements')
    .select((eb) => ['product_id', 'warehouse_id', eb.fn.sum<string>('quantity').as('quantity')])
    .where('warehouse_id', '=', sql<string>`any(${[...zoneIds]}::uuid[])`)
    .$if(productIds !== undefined, (q) => q.where('product_id', 'in', [...productIds!]))
    .groupBy(['product_id', 'warehouse_id'])
    .having((eb) => eb.fn.sum('quantity'), '>', 0)
    .orderBy('product_id')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, zoneId: r.warehouse_id, quantity: Number(r.quantity) }));
}

/** Reads of the stock: the inventory now or as of a moment, where the samples are, the inventory report of a period. */
@Injectable()
export class StockQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** Stock per product and warehouse: on hand (as of a moment, from the movements up to it), reserved by approved export tickets, incoming on open import tickets. */
  async inventory(q: InventoryQuery): Promise<ListResponse<InventoryRow>> {
    const page = await pageOf(this.stock(q) as never, q, (r: StockRow) => r);
    return { ...page, data: await this.inventoryRows(page.data) };
  }

  /** The whole stock of the filter (the Excel export). */
  async inventoryAll(q: InventoryFilter): Promise<InventoryRow[]> {
    return this.inventoryRows((await this.stock(q).execute()) as StockRow[]);
  }

  private stock(q: InventoryFilter) {
    const db = this.platform.db;
    const asOf = q.asOf ?? new Date();
    const onHand = db
      .selectFrom('stock_movements')
      .select(['product_id', 'warehouse_id', sql<number>`sum(quantity)::int`.as('on_hand')])
      .where('at', '<=', asOf)
      .groupBy(['product_id', 'warehouse_id']);
    const keys = db
      .selectFrom(onHand.as('h'))
      .select(['h.product_id', 'h.warehouse_id'])
      .union(db.selectFrom(plannedOn(db, 'EXPORT', RESERVING_STATUSES).as('r')).select(['r.product_id', 'r.warehouse_id']).$castTo<{ product_id: string; warehouse_id: string }>())
      .union(db.selectFrom(plannedOn(db, 'IMPORT', INCOMING_STATUSES).as('i')).select(['i.product_id', 'i.warehouse_id']).$castTo<{ product_id: string; warehouse_id: string }>());
    let query = db
      .selectFrom(keys.as('k'))
      .leftJoin(onHand.as('h'), (j) => j.onRef('h.product_id', '=', 'k.product_id').onRef('h.warehouse_id', '=', 'k.warehouse_id'))
      .leftJoin(plannedOn(db, 'EXPORT', RESERVING_STATUSES).as('r'), (j) => j.onRef('r.product_id', '=', 'k.product_id').onRef('r.warehouse_id', '=', 'k.warehouse_id'))
      .leftJoin(plannedOn(db, 'IMPORT', INCOMING_STATUSES).as('i'), (j) => j.onRef('i.product_id', '=', 'k.product_id').onRef('i.warehouse_id', '=', 'k.warehouse_id'))
      .leftJoin(masterDataNames(db).as('w'), 'w.id', 'k.warehouse_id')
      .leftJoin(productNames(db).as('p'), 'p.id', 'k.product_id')
      .select([
        'k.product_id',
        'k.warehouse_id',
        'w.name as warehouse_name',
        sql<number>`coalesce(h.on_hand, 0)`.as('on_hand'),
        sql<number>`coalesce(r.planned, 0)`.as('reserved'),
        sql<number>`coalesce(i.planned, 0)`.as('incoming'),
      ]);
    if (q.warehouseId) query = query.where('k.warehouse_id', '=', q.warehouseId);
    if (q.productId) query = query.where('k.product_id', '=', q.productId);
    if (q.q) query = query.where('p.search_key', 'like', searchPattern(q.q));
    return query.orderBy(q.sort.field === 'onHand' ? sql`coalesce(h.on_hand, 0)` : sql`p.code`, q.sort.dir).orderBy('w.name').orderBy('k.warehouse_id');
  }

  private async inventoryRows(rows: StockRow[]): Promise<InventoryRow[]> {
    const products = await productsByIds(this.platform.db, rows.map((r) => r.product_id));
    return rows.map((r) => ({
        productId: r.product_id,
        productCode: products.get(r.product_id)?.code ?? '',
        productName: products.get(r.product_id)?.name ?? '',
        unit: products.get(r.product_id)?.unit ?? null,
        warehouseId: r.warehouse_id,
        warehouseName: r.warehouse_name,
        onHand: r.on_hand,
        reserved: r.reserved,
        incoming: r.incoming,
      }));
  }

  /** How many samples are where: in the sample room per zone, out per ticket that lent them (deleted samples not counted). */
  async samplePlaceCounts(): Promise<SamplePlaceRow[]> {
    const db = this.platform.db;
    const { rows } = await sql<{ state: 'IN' | 'OUT'; zone_id: string | null; ticket_id: string | null; samples: number }>`
      select state, zone_id, ticket_id, count(*)::int as samples from (${placesOfSamples(db)}) p group by 1, 2, 3`.execute(db);
    const zoneIds = rows.flatMap((r) => (r.zone_id ? [r.zone_id] : []));
    const zones = new Map(zoneIds.length ? (await db.selectFrom(masterDataNames(db).as('z')).select(['z.id', 'z.name']).where('z.id', 'in', zoneIds).execute()).map((z) => [z.id, z.name]) : []);
    const ticketIds = rows.flatMap((r) => (r.ticket_id ? [r.ticket_id] : []));
    const codes = new Map(ticketIds.length ? (await db.selectFrom('tickets').select(['id', 'code']).where('id', 'in', ticketIds).execute()).map((t) => [t.id, t.code]) : []);
    return rows
      .map((r) => ({ state: r.state, zoneId: r.zone_id, zoneName: r.zone_id ? (zones.get(r.zone_id) ?? null) : null, ticketId: r.ticket_id, ticketCode: r.ticket_id ? (codes.get(r.ticket_id) ?? null) : null, samples: r.samples }))
      .sort((a, b) => a.state.localeCompare(b.state) || (a.zoneName ?? a.ticketCode ?? '').localeCompare(b.zoneName ?? b.ticketCode ?? ''));
  }

  /** Per product and warehouse over a period: opening, in, out, closing, and the tickets behind the movements. */
  async inventoryReport(q: InventoryReportQuery): Promise<InventoryReportRow[]> {
    const db = this.platform.db;
    let moves = db
      .selectFrom('stock_movements as m')
      // a stocktake's adjustment has no ticket: it is named by its own code
      .leftJoin('tickets as t', 't.id', 'm.ticket_id')
      .select(['m.product_id', 'm.warehouse_id', 'm.quantity', 'm.at', 'm.ticket_id', sql<string>`coalesce(t.code, m.source_code, '')`.as('code'), 't.direction'])
      .where('m.at', '<=', q.to);
    if (q.warehouseId) moves = moves.where('m.warehouse_id', '=', q.warehouseId);
    if (q.productId) moves = moves.where('m.product_id', '=', q.productId);
    const rows = await moves.orderBy('m.at').execute();
    const byKey = new Map<string, InventoryReportRow>();
    for (const m of rows) {
      const key = `${m.product_id}|${m.warehouse_id}`;
      let row = byKey.get(key);
      if (!row) {
        row = { productId: m.product_id, productCode: '', productName: '', warehouseId: m.warehouse_id, warehouseName: null, opening: 0, in: 0, out: 0, closing: 0, tickets: [] };
        byKey.set(key, row);
      }
      if (m.at < q.from) row.opening += m.quantity;
      else {
        if (m.quantity > 0) row.in += m.quantity;
        else row.out -= m.quantity;
        row.tickets.push({ id: m.ticket_id, code: m.code, direction: (m.direction ?? (m.quantity > 0 ? 'IMPORT' : 'EXPORT')) as TicketDirection, quantity: m.quantity, at: m.at.toISOString() });
      }
    }
    const products = await productsByIds(db, [...byKey.values()].map((r) => r.productId));
    const warehouseIds = [...new Set([...byKey.values()].map((r) => r.warehouseId))];
    const warehouses = warehouseIds.length ? await db.selectFrom(masterDataNames(db).as('w')).select(['w.id', 'w.name']).where('w.id', 'in', warehouseIds).execute() : [];
    const names = new Map(warehouses.map((w) => [w.id, w.name]));
    return [...byKey.values()]
      .map((r) => ({ ...r, productCode: products.get(r.productId)?.code ?? '', productName: products.get(r.productId)?.name ?? '', warehouseName: names.get(r.warehouseId) ?? null, closing: r.opening + r.in - r.out }))
      .sort((a, b) => a.productCode.localeCompare(b.productCode) || (a.warehouseName ?? '').localeCompare(b.warehouseName ?? ''));
  }
}

/*
 * The stock's queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the stock per product and warehouse, now or as of a moment. */
export class GetInventory extends answeredBy(StockQueries, (stock, query: InventoryQuery) => stock.inventory(query)) {}

/** The whole stock of a filter (the Excel export). */
export class InventoryOfFilter extends answeredBy(StockQueries, (stock, filter: InventoryFilter) => stock.inventoryAll(filter)) {}

/** How many samples are where. */
export class CountSamplePlaces extends answeredBy(StockQueries, (stock) => stock.samplePlaceCounts()) {}

/** Per product and warehouse over a period: opening, in, out, closing and the tickets behind them. */
export class GetInventoryReport extends answeredBy(StockQueries, (stock, query: InventoryReportQuery) => stock.inventoryReport(query)) {}

export const STOCK_QUERY_HANDLERS = handlersOf(GetInventory, InventoryOfFilter, CountSamplePlaces, GetInventoryReport);
