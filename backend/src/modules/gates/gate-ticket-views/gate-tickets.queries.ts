import { Inject, Injectable } from '@nestjs/common';
import {
  P,
  type GateTicketDetail,
  type GateTicketItemView,
  type GateTicketListQuery,
  type GateTicketListResponse,
  type GateTicketState,
  type GateTicketView,
} from '@rfid/contracts';
import { sql, type Selectable } from 'kysely';
import type { Principal } from '../../../platform/auth/principal.js';
import { pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { productsByIds } from '../../products/products.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import type { GateTicketsTable } from './gate-ticket-views.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

const SORT = { code: 't.code', validFrom: 't.valid_from', createdAt: 't.created_at' } as const;

type TicketRow = Selectable<GateTicketsTable> & { item_count: number | null };

/** Reads of gate tickets: the list, and one ticket with its items (how many of each have passed) and what the reader may do with it. */
@Injectable()
export class GateTicketQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  private tickets() {
    return this.platform.db
      .selectFrom('gate_tickets as t')
      .selectAll('t')
      .select((eb) => eb.selectFrom('gate_ticket_items as i').select(eb.fn.countAll<number>().as('n')).whereRef('i.ticket_id', '=', 't.id').as('item_count'));
  }

  async list(q: GateTicketListQuery): Promise<GateTicketListResponse> {
    let query = this.tickets();
    if (q.q) query = query.where('t.search_key', 'like', searchPattern(q.q));
    if (q.state) query = query.where('t.state', '=', q.state);
    if (q.gateId) {
      const gateId = q.gateId;
      query = query.where((eb) => eb.exists(eb.selectFrom('gate_ticket_gates as g').select('g.gate_id').whereRef('g.ticket_id', '=', 't.id').where('g.gate_id', '=', gateId)));
    }
    // a ticket whose window [valid_from, valid_to] overlaps the range asked for
    if (q.from) query = query.where('t.valid_to', '>=', q.from);
    if (q.to) query = query.where('t.valid_from', '<=', q.to);
    const page = await pageOf(query.orderBy(SORT[q.sort.field], q.sort.dir).orderBy('t.id', q.sort.dir), q);
    return { ...page, data: await this.views(page.data) };
  }

  private async views(rows: TicketRow[]): Promise<GateTicketView[]> {
    if (!rows.length) return [];
    const db = this.platform.db;
    const links = await db.selectFrom('gate_ticket_gates').select(['ticket_id', 'gate_id']).where('ticket_id', 'in', rows.map((r) => r.id)).execute();
    const readers = await readerSummaries(db, links.map((l) => l.gate_id));
    const gatesOf = new Map<string, GateTicketView['gates']>();
    for (const l of links) {
      const r = readers.get(l.gate_id);
      gatesOf.set(l.ticket_id, [...(gatesOf.get(l.ticket_id) ?? []), { id: l.gate_id, code: r?.code ?? '', name: r?.name ?? '' }]);
    }
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      reason: r.reason,
      state: r.state as GateTicketState,
      gates: (gatesOf.get(r.id) ?? []).sort((a, b) => (a.code ?? '').localeCompare(b.code ?? '')),
      validFrom: r.valid_from.toISOString(),
      validTo: r.valid_to.toISOString(),
      itemCount: Number(r.item_count ?? 0),
      createdBy: { id: r.created_by_id, name: r.created_by_name },
      decidedBy: r.decided_at ? { id: r.decided_by_id, name: r.decided_by_name } : null,
      decidedAt: r.decided_at?.toISOString() ?? null,
      version: r.version,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  async detail(id: string, viewer: Principal): Promise<GateTicketDetail> {
    const row = await this.tickets().where('t.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('GATE_TICKET_NOT_FOUND');
    const [view] = await this.views([row]);
    const db = this.platform.db;
    const rows = await db
      .selectFrom('gate_ticket_items as i')
      .leftJoin(sampleAttributes(db).as('s'), 's.id', 'i.sample_id')
      .select(['i.kind', 'i.sample_id', 'i.product_id', 'i.tag_code', 'i.quantity', 's.sample_code', 's.name as sample_name'])
      // the distinct tags a gate let through on this ticket for the item: a tag item by its code, the others by their id
      .select(
        sql<number>`(select count(distinct p.epc) from gate_passes p
          where p.permit_id = i.ticket_id and p.decision = 'ALLOWED'
            and (case when i.kind = 'TAG' then p.item_code = i.tag_code else p.item_id = coalesce(i.sample_id, i.product_id) end))`.as('passed'),
      )
      .where('i.ticket_id', '=', id)
      .orderBy('i.position')
      .execute();
    const products = await productsByIds(db, rows.flatMap((i) => (i.product_id ? [i.product_id] : [])));
    const items: GateTicketItemView[] = rows.map((i) => {
      const p = i.product_id ? products.get(i.product_id) : undefined;
      const base = { kind: i.kind as GateTicketItemView['kind'], quantity: i.quantity, passed: Number(i.passed) };
      if (i.kind === 'SAMPLE') return { ...base, id: i.sample_id, code: i.sample_code ?? '', name: i.sample_name ?? null };
      if (i.kind === 'PRODUCT') return { ...base, id: i.product_id, code: p?.code ?? '', name: p?.name ?? null };
      return { ...base, id: null, code: i.tag_code ?? '', name: null };
    });
    return { ...view!, items, allowedActions: allowedActionsOf(view!, viewer) };
  }
}

/** What the viewer may do now: change or delete a CREATED ticket with the permission; approve or cancel it with APPROVE unless they created it. */
function allowedActionsOf(t: GateTicketView, viewer: Principal): GateTicketDetail['allowedActions'] {
  if (t.state !== 'CREATED') return [];
  const may = viewer.permissions;
  const approver = may.has(P.SECURITY_GATE_TICKET_APPROVE) && viewer.userId !== t.createdBy.id;
  return [
    ...(may.has(P.SECURITY_GATE_TICKET_UPDATE) ? (['UPDATE'] as const) : []),
    ...(may.has(P.SECURITY_GATE_TICKET_DELETE) ? (['DELETE'] as const) : []),
    ...(approver ? (['APPROVE', 'CANCEL'] as const) : []),
  ];
}

/*
 * The gate tickets' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the gate tickets. */
export class ListGateTickets extends answeredBy(GateTicketQueries, (tickets, query: GateTicketListQuery) => tickets.list(query)) {}

/** One gate ticket as its viewer sees it, with the actions open to them. */
export class GetGateTicket extends answeredBy(GateTicketQueries, (tickets, ticketId: string, viewer: Principal) => tickets.detail(ticketId, viewer)) {}

export const GATE_TICKET_QUERY_HANDLERS = handlersOf(ListGateTickets, GetGateTicket);
