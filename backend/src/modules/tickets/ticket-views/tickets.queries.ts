import { Inject, Injectable } from '@nestjs/common';
import {
  P,
  type ApartTagView,
  type StockShortageView,
  type ListResponse,
  type TicketAction,
  type TicketDetail,
  type TicketDirection,
  type TicketFilter,
  type TicketLineView,
  type TicketListQuery,
  type TicketProgressPush,
  type TicketView,
} from '@rfid/contracts';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Principal } from '../../../platform/auth/principal.js';
import { pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { productsByIds } from '../../products/products.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { allowedActions, stockShortages } from '../domain/ticket-flow.js';
import { stockFor } from '../stock/stock.queries.js';
import { ticketModel } from '../domain/ticket-state.js';
import { timelineOf, toTicketView, type TicketRow } from './ticket-view.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../../platform/database/period.js';

const APPROVE_PERMISSION = { IMPORT: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_APPROVE, EXPORT: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE } as const;
const UPDATE_PERMISSION = { IMPORT: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_UPDATE, EXPORT: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE } as const;
const TICKET_SORT = { code: 't.code', createdAt: 't.created_at', updatedAt: 't.updated_at' } as const;


/** Reads of tickets: lists, detail with lines, apart tags, timeline and the actions open to the reader, progress. */
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
    query = withinPeriod(query, 't.created_at', q);
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
    return rows.map((r) => toTicketView(r, (id) => readers.get(id)?.code ?? null));
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
    const apartRows = await db.selectFrom('ticket_apart').selectAll().where('ticket_id', '=', id).orderBy('at').orderBy('epc').execute();
    const idOf = (key: string | null, kind: 'product' | 'sample') => (key?.startsWith(`${kind}:`) ? key.slice(kind.length + 1) : null);
    const codes = await this.itemCodes(lines, apartRows.map((a) => a.key));
    const apart: ApartTagView[] = apartRows.map((a) => ({
      epc: a.epc,
      reason: a.reason as ApartTagView['reason'],
      step: a.step as ApartTagView['step'],
      productId: idOf(a.key, 'product'),
      sampleId: idOf(a.key, 'sample'),
      code: a.key ? (codes.get(a.key) ?? null) : null,
      units: a.units,
      at: a.at.toISOString(),
    }));
    const { state, events } = await this.platform.commands.load(ticketModel, id);
    const shortages = state.approval === 'CREATED' || state.approval === 'AWAITING' ? await this.shortages(id, state.fields!.warehouseId, lines) : [];
    const timeline = events.flatMap((e) => timelineOf(direction, e) ?? []).reverse();
    const may = (a: TicketAction) =>
      a === 'approve' || a === 'cancel'
        ? viewer.permissions.has(APPROVE_PERMISSION[direction]) && viewer.userId !== state.createdBy.id
        : viewer.permissions.has(UPDATE_PERMISSION[direction]);
    return { ...view!, lines, shortages, apart, timeline, allowedActions: allowedActions(state).filter(may) };
  }

  /** The code of each item a key names (`product:{id}`, `sample:{id}`): the ticket's lines', and those of tags set apart that are on no line. */
  private async itemCodes(lines: readonly TicketLineView[], keys: readonly (string | null)[]): Promise<Map<string, string>> {
    const codes = new Map(lines.map((l) => [l.key, l.code]));
    const missing = [...new Set(keys.filter((k): k is string => !!k && !codes.has(k)))];
    const ids = (kind: string) => missing.filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
    const db = this.platform.db;
    for (const [id, p] of await productsByIds(db, ids('product'))) codes.set(`product:${id}`, p.code);
    const sampleIds = ids('sample');
    if (sampleIds.length) {
      for (const s of await db.selectFrom(sampleAttributes(db).as('s')).select(['s.id', 's.sample_code']).where('s.id', 'in', sampleIds).execute()) codes.set(`sample:${s.id}`, s.sample_code);
    }
    return codes;
  }

  /** The products an export plans more of than is available in its warehouse now. */
  private async shortages(ticketId: string, warehouseId: string, lines: readonly TicketLineView[]): Promise<StockShortageView[]> {
    const products = lines.filter((l) => l.productId);
    const { onHand, reserved } = await stockFor(this.platform.db, ticketId, warehouseId, products.map((l) => l.productId!));
    const codes = new Map(products.map((l) => [l.productId!, l.code]));
    return stockShortages(products, onHand, reserved).map((s) => ({ ...s, code: codes.get(s.productId) ?? '' }));
  }
}

/*
 * The ticket views' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of a direction's tickets. */
export class ListTickets extends answeredBy(TicketQueries, (tickets, direction: TicketDirection, query: TicketListQuery) => tickets.list(direction, query)) {}

/** Every ticket of a filter, in the list's order (the Excel export). */
export class TicketsOfFilter extends answeredBy(TicketQueries, (tickets, direction: TicketDirection, filter: TicketFilter) => tickets.all(direction, filter)) {}

/** One ticket as its viewer sees it: lines, tags apart, timeline and the actions open to them. */
export class GetTicket extends answeredBy(TicketQueries, (tickets, direction: TicketDirection, ticketId: string, viewer: Principal) => tickets.detail(direction, ticketId, viewer)) {}

export const TICKET_QUERY_HANDLERS = handlersOf(ListTickets, TicketsOfFilter, GetTicket);
