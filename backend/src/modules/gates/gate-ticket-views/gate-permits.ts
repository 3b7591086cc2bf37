import type { GateItemView, PassDirection } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { ticketGatePermits } from '../../tickets/tickets.public.js';
import type { Permit } from '../domain/pass-decision.js';

/** A permit that names an item, before the units it let out are counted. */
interface Candidate {
  permit: Omit<Permit, 'unitsLeft'>;
  /** Products: the units it lets out; otherwise null. */
  quantity: number | null;
}

/**
 * What lets items out through a gate at a time: export tickets (approved or exporting) and receiving
 * import tickets that name the gate and list the item, and approved gate tickets for the gate, valid
 * then, listing the item (a sample, a product, or the tag itself). For a product, `unitsLeft` is the
 * quantity less the distinct units (EPCs) the permit has let out already, this EPC not counted.
 * A permit is used once per trip: an EPC it let out is not let out by it again until the EPC has
 * passed inward (a pass decided IN at any gate); another permit may still let it out.
 */
export class GatePermits {
  /** Units let out per permit and product, as counted so far (this batch's allowed passes are added as they are decided). */
  private readonly unitsOut = new Map<string, Set<string>>();
  /** Per EPC, the permits that let it out since it last came in. */
  private readonly spent = new Map<string, Set<string>>();
  private constructor(private readonly candidates: Map<string, Candidate[]>) {}

  static async lookUp(db: DbOrTx, gateId: string, at: Date, items: ReadonlyMap<string, GateItemView>): Promise<GatePermits> {
    const keyOf = (i: GateItemView) => (i.kind === 'SAMPLE' ? `sample:${i.id}` : i.kind === 'PRODUCT' ? `product:${i.id}` : null);
    const byKey = new Map<string, string[]>();
    for (const [epc, item] of items) {
      const key = keyOf(item);
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), epc]);
    }
    const sampleIds = [...items.values()].filter((i) => i.kind === 'SAMPLE').map((i) => i.id!);
    const productIds = [...items.values()].filter((i) => i.kind === 'PRODUCT').map((i) => i.id!);
    const epcs = [...items.keys()];
    const [tickets, gateTickets] = await Promise.all([
      ticketGatePermits(db, gateId, [...byKey.keys()]),
      db
        .selectFrom('gate_tickets as t')
        .innerJoin('gate_ticket_gates as g', (j) => j.onRef('g.ticket_id', '=', 't.id').on('g.gate_id', '=', gateId))
        .innerJoin('gate_ticket_items as i', 'i.ticket_id', 't.id')
        .select(['t.id', 't.code', 'i.kind', 'i.sample_id', 'i.product_id', 'i.tag_code', 'i.quantity'])
        .where('t.state', '=', 'APPROVED')
        .where('t.valid_from', '<=', at)
        .where('t.valid_to', '>=', at)
        .where((eb) =>
          eb.or([
            eb('i.sample_id', '=', sql<string>`any(${sampleIds}::uuid[])`),
            eb('i.product_id', '=', sql<string>`any(${productIds}::uuid[])`),
            eb('i.tag_code', '=', sql<string>`any(${epcs}::text[])`),
          ]),
        )
        .execute(),
    ]);
    const candidates = new Map<string, Candidate[]>();
    const add = (epc: string, c: Candidate) => candidates.set(epc, [...(candidates.get(epc) ?? []), c]);
    for (const t of tickets) {
      const product = t.key.startsWith('product:');
      for (const epc of byKey.get(t.key) ?? []) {
        add(epc, { permit: { kind: t.direction === 'EXPORT' ? 'EXPORT_TICKET' : 'IMPORT_TICKET', id: t.ticketId, code: t.code }, quantity: product ? t.planned : null });
      }
    }
    for (const g of gateTickets) {
      const permit = { kind: 'GATE_TICKET' as const, id: g.id, code: g.code };
      if (g.kind === 'TAG') {
        if (items.has(g.tag_code!)) add(g.tag_code!, { permit, quantity: null });
        continue;
      }
      const key = g.kind === 'SAMPLE' ? `sample:${g.sample_id}` : `product:${g.product_id}`;
      for (const epc of byKey.get(key) ?? []) add(epc, { permit, quantity: g.kind === 'PRODUCT' ? g.quantity : null });
    }
    const permits = new GatePermits(candidates);
    for (const r of await spentPermits(db, epcs)) permits.spentBy(r.epc).add(r.permit_id);
    const counted = [...candidates.values()].flat().filter((c) => c.quantity !== null);
    if (counted.length && productIds.length) {
      const rows = await db
        .selectFrom('gate_passes')
        .select(['permit_id', 'item_id', 'epc'])
        .distinct()
        .where('decision', '=', 'ALLOWED')
        .where('permit_id', '=', sql<string>`any(${[...new Set(counted.map((c) => c.permit.id))]}::uuid[])`)
        .where('item_id', '=', sql<string>`any(${productIds}::uuid[])`)
        .execute();
      for (const r of rows) permits.countUnit(r.permit_id!, r.item_id!, r.epc);
    }
    return permits;
  }

  /** The permits of an EPC that is this item and that it has not used since it last came in, with their units left. */
  of(epc: string, item: GateItemView): Permit[] {
    const spent = this.spent.get(epc);
    return (this.candidates.get(epc) ?? [])
      .filter(({ permit }) => !spent?.has(permit.id))
      .map(({ permit, quantity }) => {
        if (quantity === null || item.kind !== 'PRODUCT') return { ...permit, unitsLeft: null };
        const out = this.unitsOut.get(`${permit.id}:${item.id}`);
        return { ...permit, unitsLeft: quantity - (out ? out.size - (out.has(epc) ? 1 : 0) : 0) };
      });
  }

  /** A pass of the batch was decided: the next passes of the batch see the permit it used spent, or the EPC back in. */
  passed(epc: string, item: GateItemView, direction: PassDirection, permit: Permit | null): void {
    if (direction === 'IN') this.spent.delete(epc);
    if (!permit) return;
    this.spentBy(epc).add(permit.id);
    if (item.kind === 'PRODUCT' && permit.unitsLeft !== null) this.countUnit(permit.id, item.id!, epc);
  }

  private spentBy(epc: string): Set<string> {
    let spent = this.spent.get(epc);
    if (!spent) this.spent.set(epc, (spent = new Set()));
    return spent;
  }

  private countUnit(permitId: string, productId: string, epc: string): void {
    const key = `${permitId}:${productId}`;
    let out = this.unitsOut.get(key);
    if (!out) this.unitsOut.set(key, (out = new Set()));
    out.add(epc);
  }
}

/** The permits that let each EPC out since its last inward pass. */
function spentPermits(db: DbOrTx, epcs: readonly string[]): Promise<{ epc: string; permit_id: string }[]> {
  return db
    .selectFrom('gate_passes as p')
    .select(['p.epc', sql<string>`p.permit_id`.as('permit_id')])
    .distinct()
    .where('p.epc', '=', sql<string>`any(${epcs}::text[])`)
    .where('p.decision', '=', 'ALLOWED')
    .where('p.permit_id', 'is not', null)
    .where('p.at', '>', (eb) =>
      eb.fn.coalesce(eb.selectFrom('gate_passes as i').select((e) => e.fn.max('i.at').as('at')).whereRef('i.epc', '=', 'p.epc').where('i.direction', '=', 'IN'), sql<Date>`'-infinity'::timestamptz`),
    )
    .execute();
}
