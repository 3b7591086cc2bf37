import { Inject, Injectable } from '@nestjs/common';
import {
  P,
  ticketStatusOf,
  type ApartTagView,
  type ApprovalState,
  type InventoryFilter,
  type InventoryQuery,
  type InventoryReportQuery,
  type InventoryReportRow,
  type InventoryRow,
  type SamplePlaceRow,
  type ListResponse,
  type TicketAction,
  type TicketDetail,
  type TicketDirection,
  type TicketFilter,
  type TicketFlow,
  type TicketLineView,
  type TicketListQuery,
  type TicketProgressPush,
  type TicketSource,
  type TicketStatus,
  type TicketTimelineEntry,
  type TicketView,
} from '@rfid/contracts';
import { sql, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Principal } from '../../../platform/auth/principal.js';
import { pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { EventMetadata } from '../../../platform/event-store/types.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { productNames, productsByIds } from '../../products/products.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { allowedActions } from '../domain/ticket-flow.js';
import { ticketModel } from '../domain/ticket-state.js';
import type { TicketEvent } from '../tickets.events.js';
import type { TicketsTable } from '../tickets.tables.js';

const APPROVE_PERMISSION = { IMPORT: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_APPROVE, EXPORT: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE } as const;
const UPDATE_PERMISSION = { IMPORT: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_UPDATE, EXPORT: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE } as const;
const TICKET_SORT = { code: 't.code', createdAt: 't.created_at', updatedAt: 't.updated_at' } as const;

type TicketRow = Selectable<TicketsTable> & { warehouse_name: string | null; supplier_name: string | null };
type StockRow = { product_id: string; warehouse_id: string; warehouse_name: string | null; on_hand: number; reserved: number; incoming: number };

/** What a timeline entry says of an event. */
function timelineOf(direction: TicketDirection, e: { type: string; data: unknown; metadata: EventMetadata; recordedAt: Date }): TicketTimelineEntry | undefined {
  const event = { type: e.type, data: e.data } as TicketEvent;
  const base = { at: e.recordedAt.toISOString(), actor: e.metadata.actor?.name ?? null, reason: null, detail: null, from: null, to: null };
  const status = (flow: TicketFlow, approval: ApprovalState | null): TicketStatus => ticketStatusOf(direction, flow, approval);
  switch (event.type) {
    case 'TicketCreated':
      return { ...base, action: 'created', to: 'NEW' };
    case 'TicketUpdated':
      return { ...base, action: 'updated' };
    case 'TicketDeleted':
      return { ...base, action: 'deleted' };
    case 'TicketMoved':
      return { ...base, action: event.data.action, to: status(event.data.to, event.data.approval), reason: event.data.reason };
    case 'TicketClosed':
      return { ...base, action: 'close', to: 'CLOSED', detail: `${event.data.movements.reduce((n, m) => n + Math.abs(m.quantity), 0) + event.data.samples.length}` };
    case 'TicketRolledBack':
      return {
        ...base,
        action: 'rollback',
        from: status(event.data.from, null),
        to: status(event.data.to, event.data.approval),
        reason: event.data.reason,
        detail: event.data.discarded ? `${event.data.discarded.tags}` : null,
      };
    case 'TicketScanningStarted':
      return { ...base, action: 'scanning-started', detail: event.data.step };
    case 'TicketScanningStopped':
      return { ...base, action: 'scanning-stopped' };
    case 'TicketTagsScanned':
      // a scanning's batches are its progress, not entries of the timeline
      return undefined;
    case 'TicketApartDecided':
      return { ...base, action: `apart-${event.data.decision}`, detail: `${event.data.epcs.length}` };
  }
}

/** Reads of tickets (lists, detail with lines, apart tags, timeline and the actions open to the reader), the stock and the inventory report. */
@Injectable()
export class TicketQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** Each ticket's quantities as of its version: the totals and the lines in one reading (one statement), so that they agree. */
  async progress(ticketIds: readonly string[]): Promise<(TicketProgressPush & { direction: TicketDirection })[]> {
    if (!ticketIds.length) return [];
    const rows = await this.platform.db
      .selectFrom('tickets as t')
      .select(['t.id', 't.direction', 't.version', 't.planned_total', 't.draft_total', 't.actual_total', 't.apart_total'])
      .select((eb) => jsonArrayFrom(eb.selectFrom('ticket_lines as l').select(['l.key', 'l.draft', 'l.actual']).whereRef('l.ticket_id', '=', 't.id').orderBy('l.position')).as('lines'))
      .where('t.id', 'in', ticketIds)
      .execute();
    return rows.map((r) => ({
      ticketId: r.id,
      direction: r.direction as TicketDirection,
      version: r.version,
      totals: { planned: r.planned_total, draft: r.draft_total, actual: r.actual_total, apart: r.apart_total },
      lines: r.lines,
    }));
  }

  private tickets() {
    const db = this.platform.db;
    return db
      .selectFrom('tickets as t')
      .leftJoin(masterDataNames(db).as('w'), 'w.id', 't.warehouse_id')
      .leftJoin(masterDataNames(db).as('s'), 's.id', 't.supplier_id')
      .selectAll('t')
      .select(['w.name as warehouse_name', 's.name as supplier_name'])
      .where('t.deleted_at', 'is', null);
  }

  private filtered(direction: TicketDirection, q: TicketFilter) {
    let query = this.tickets().where('t.direction', '=', direction);
    if (q.q) query = query.where('t.search_key', 'like', searchPattern(q.q));
    if (q.status) query = query.where('t.status', '=', q.status);
    if (q.source) query = query.where('t.source', '=', q.source);
    if (q.warehouseId) query = query.where('t.warehouse_id', '=', q.warehouseId);
    if (q.from) query = query.where('t.created_at', '>=', q.from);
    if (q.to) query = query.where('t.created_at', '<=', q.to);
    return query.orderBy(TICKET_SORT[q.sort.field], q.sort.dir).orderBy('t.id', q.sort.dir);
  }

  async list(direction: TicketDirection, q: TicketListQuery): Promise<ListResponse<TicketView>> {
    const page = await pageOf(this.filtered(direction, q), q);
    return { ...page, data: await this.views(page.data) };
  }

  /** Every ticket of the filter (the Excel export), in the list's order. */
  async all(direction: TicketDirection, q: TicketFilter): Promise<TicketView[]> {
    return this.views(await this.filtered(direction, q).execute());
  }

  private async views(rows: TicketRow[]): Promise<TicketView[]> {
    const readers = await readerSummaries(this.platform.db, rows.flatMap((r) => [r.allowed_gate_id, r.equipment_id].filter((id): id is string => !!id)));
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      direction: r.direction as TicketDirection,
      source: r.source as TicketSource,
      flow: r.flow as TicketFlow,
      approval: r.approval as ApprovalState | null,
      status: r.status as TicketStatus,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      supplierId: r.supplier_id,
      supplierName: r.supplier_name,
      poNumber: r.po_number,
      allowedGateId: r.allowed_gate_id,
      allowedGateCode: r.allowed_gate_id ? (readers.get(r.allowed_gate_id)?.code ?? null) : null,
      equipmentId: r.equipment_id,
      equipmentCode: r.equipment_id ? (readers.get(r.equipment_id)?.code ?? null) : null,
      note: r.note,
      createdBy: { id: r.created_by_id, name: r.created_by_name },
      approvedBy: r.approved_by_id || r.approved_by_name ? { id: r.approved_by_id, name: r.approved_by_name } : null,
      approvedAt: r.approved_at?.toISOString() ?? null,
      scanning: r.scanning,
      totals: { planned: r.planned_total, draft: r.draft_total, actual: r.actual_total, apart: r.apart_total },
      version: r.version,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  async detail(direction: TicketDirection, id: string, viewer: Principal): Promise<TicketDetail> {
    const row = await this.tickets().where('t.direction', '=', direction).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('TICKET_NOT_FOUND');
    const [view] = await this.views([row]);
    const db = this.platform.db;
    const lineRows = await db
      .selectFrom('ticket_lines as l')
      .leftJoin(sampleAttributes(db).as('s'), 's.id', 'l.sample_id')
      .select(['l.key', 'l.product_id', 'l.sample_id', 'l.planned', 'l.draft', 'l.actual', 's.sample_code', 's.name as sample_name'])
      .where('l.ticket_id', '=', id)
      .orderBy('l.position')
      .execute();
    const products = await productsByIds(db, lineRows.flatMap((l) => (l.product_id ? [l.product_id] : [])));
    const lines: TicketLineView[] = lineRows.map((l) => {
      const p = l.product_id ? products.get(l.product_id) : undefined;
      return {
        key: l.key,
        productId: l.product_id,
        sampleId: l.sample_id,
        code: p?.code ?? l.sample_code ?? '',
        name: p?.name ?? l.sample_name ?? null,
        unit: p?.unit ?? null,
        planned: l.planned,
        draft: l.draft,
        actual: l.actual,
      };
    });
    const codes = new Map(lines.map((l) => [l.key, l.code]));
    const apartRows = await db.selectFrom('ticket_apart').selectAll().where('ticket_id', '=', id).orderBy('at').orderBy('epc').execute();
    const apart: ApartTagView[] = apartRows.map((a) => ({
      epc: a.epc,
      reason: a.reason as ApartTagView['reason'],
      step: a.step as ApartTagView['step'],
      productId: a.key?.startsWith('product:') ? a.key.slice(8) : null,
      sampleId: a.key?.startsWith('sample:') ? a.key.slice(7) : null,
      code: a.key ? (codes.get(a.key) ?? null) : null,
      units: a.units,
      at: a.at.toISOString(),
    }));
    const { state, events } = await this.platform.commands.load(ticketModel, id);
    const timeline = events.flatMap((e) => timelineOf(direction, e) ?? []).reverse();
    const may = (a: TicketAction) =>
      a === 'approve' || a === 'cancel'
        ? viewer.permissions.has(APPROVE_PERMISSION[direction]) && viewer.userId !== state.createdBy.id
        : viewer.permissions.has(UPDATE_PERMISSION[direction]);
    return { ...view!, lines, apart, timeline, allowedActions: allowedActions(state).filter(may) };
  }

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
    const open = (direction: TicketDirection, statuses: TicketStatus[]) =>
      db
        .selectFrom('ticket_lines as l')
        .innerJoin('tickets as t', 't.id', 'l.ticket_id')
        .select(['l.product_id', 't.warehouse_id', sql<number>`sum(l.planned)::int`.as('planned')])
        .where('t.direction', '=', direction)
        .where('t.status', 'in', statuses)
        .where('t.deleted_at', 'is', null)
        .where('l.product_id', 'is not', null)
        .groupBy(['l.product_id', 't.warehouse_id']);
    const keys = db
      .selectFrom(onHand.as('h'))
      .select(['h.product_id', 'h.warehouse_id'])
      .union(db.selectFrom(open('EXPORT', ['APPROVED', 'EXPORTING']).as('r')).select(['r.product_id', 'r.warehouse_id']).$castTo<{ product_id: string; warehouse_id: string }>())
      .union(db.selectFrom(open('IMPORT', ['NEW', 'PREPARING', 'PREPARED', 'RECEIVING']).as('i')).select(['i.product_id', 'i.warehouse_id']).$castTo<{ product_id: string; warehouse_id: string }>());
    let query = db
      .selectFrom(keys.as('k'))
      .leftJoin(onHand.as('h'), (j) => j.onRef('h.product_id', '=', 'k.product_id').onRef('h.warehouse_id', '=', 'k.warehouse_id'))
      .leftJoin(open('EXPORT', ['APPROVED', 'EXPORTING']).as('r'), (j) => j.onRef('r.product_id', '=', 'k.product_id').onRef('r.warehouse_id', '=', 'k.warehouse_id'))
      .leftJoin(open('IMPORT', ['NEW', 'PREPARING', 'PREPARED', 'RECEIVING']).as('i'), (j) => j.onRef('i.product_id', '=', 'k.product_id').onRef('i.warehouse_id', '=', 'k.warehouse_id'))
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

  /**
   * How many samples are where: in the sample room per zone (the zone a ticket brought them back to,
   * else their own), out per ticket that lent them. Deleted samples are not counted.
   */
  async samplePlaces(): Promise<SamplePlaceRow[]> {
    const db = this.platform.db;
    const { rows } = await sql<{ state: 'IN' | 'OUT'; zone_id: string | null; ticket_id: string | null; samples: number }>`
      select coalesce(w.state, 'IN') as state,
             case when w.state = 'OUT' then null else coalesce(w.zone_id, s.current_zone_id) end as zone_id,
             case when w.state = 'OUT' then w.ticket_id end as ticket_id,
             count(*)::int as samples
      from (${sampleAttributes(db)}) s left join sample_whereabouts w on w.sample_id = s.id
      where s.deleted_at is null
      group by 1, 2, 3`.execute(db);
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
