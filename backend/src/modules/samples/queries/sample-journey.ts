import type { SamplePlace, SampleTimelineEntry } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { eventLog } from '../../../platform/event-store/event-log.js';
import type { EventMetadata } from '../../../platform/event-store/types.js';
import type { GatePassEvent } from '../../gates/gates.events.js';
import type { StocktakeEvent } from '../../stocktakes/stocktakes.events.js';
import type { SampleMove, TicketEvent } from '../../tickets/tickets.events.js';

type Of<E extends { type: string; data: unknown }, T extends E['type']> = Extract<E, { type: T }>['data'];
type JourneyEntry = Extract<SampleTimelineEntry, { action: 'TicketClosed' | 'TicketRolledBack' | 'GatePassDecided' | 'StocktakeClosed' }>;

/** A ticket as the journey names it: from its created and updated events (the last one's fields). */
interface TicketFacts {
  code: string;
  direction: 'IMPORT' | 'EXPORT';
  by: string | null;
  warehouseId: string;
  note: string | null;
}

/** What a sample went through, oldest first, and where that leaves it. */
export interface SampleJourney {
  entries: JourneyEntry[];
  /** Where the tickets left it: out on one since then, or back in a ticket's warehouse; null when no ticket has moved it. */
  lastMove: { state: 'IN' | 'OUT'; ticketId: string; since: string; position: number; ticket: TicketFacts } | null;
  /** Loans on export tickets closed and not taken back. */
  loans: number;
}

/**
 * A sample's journey from the other modules' events that name it (their types from their events files;
 * the events are the record, so a replay or an auditor reads the same): the tickets that lent it out or
 * brought it back, and rollbacks that undid those moves; the gates it passed; the stocktakes that
 * expected or moved it, and how each closed for it (found, found in another zone, missing).
 */
export async function sampleJourney(db: DbOrTx, sampleId: string): Promise<SampleJourney> {
  const log = () => db.selectFrom(eventLog(db).as('e')).select(['e.global_position', 'e.recorded_at', 'e.type', 'e.data', 'e.metadata']);
  const naming = JSON.stringify([{ sampleId }]);
  const [moves, passes, expected, moved] = await Promise.all([
    // each condition is its partial index's (the event store's migration 0048), written out so the planner uses it
    log().where(sql<boolean>`e.type in ('TicketClosed', 'TicketRolledBack') and coalesce(e.data->'samples', e.data->'reversed'->'samples') @> ${naming}::jsonb`).orderBy('e.global_position').execute(),
    log().where(sql<boolean>`e.type = 'GatePassDecided' and e.data->'item'->>'id' = ${sampleId}`).orderBy('e.global_position').execute(),
    db.selectFrom(eventLog(db).as('e')).select(sql<string>`e.data->>'stocktakeId'`.as('stocktake_id')).distinct().where(sql<boolean>`e.type = 'StocktakeExpectedTaken' and e.data->'lines' @> ${JSON.stringify([{ key: `sample:${sampleId}` }])}::jsonb`).execute(),
    db.selectFrom(eventLog(db).as('e')).select(sql<string>`e.data->>'stocktakeId'`.as('stocktake_id')).where(sql<boolean>`e.type = 'StocktakeClosed' and e.data->'corrections'->'moved' @> ${naming}::jsonb`).execute(),
  ]);
  const stocktakeIds = [...new Set([...expected, ...moved].map((r) => r.stocktake_id))];
  const closings = stocktakeIds.length
    ? await log().where(sql<boolean>`e.type = 'StocktakeClosed' and e.data->>'stocktakeId' = any(${stocktakeIds}::text[])`).execute()
    : [];
  const tickets = await ticketFacts(db, [...new Set(moves.map((m) => (m.data as { ticketId: string }).ticketId))]);

  const at = (r: { global_position: string | number | bigint; recorded_at: Date; metadata: unknown }) => {
    const actor = (r.metadata as EventMetadata).actor;
    return { id: Number(r.global_position), recordedAt: r.recorded_at.toISOString(), actor: { id: actor?.id ?? null, name: actor?.name ?? null, kind: actor?.kind ?? 'system' } };
  };
  const entries: (JourneyEntry & { position: number })[] = [];
  // the moves of the tickets, as a stack: a rollback undoes the last move of its ticket
  const stack: { state: 'IN' | 'OUT'; ticketId: string; since: string; position: number }[] = [];
  let movedByStocktake = 0;
  for (const m of moves) {
    const rolledBack = m.type === 'TicketRolledBack';
    const d = m.data as Of<TicketEvent, 'TicketClosed'> | Of<TicketEvent, 'TicketRolledBack'>;
    const samples: SampleMove[] = 'reversed' in d ? (d.reversed?.samples ?? []) : d.samples;
    const move = samples.find((s) => s.sampleId === sampleId);
    const ticket = tickets.get(d.ticketId);
    if (!move || !ticket) continue;
    const entry = at(m);
    entries.push({ action: rolledBack ? 'TicketRolledBack' : 'TicketClosed', ...entry, position: entry.id, ticketId: d.ticketId, ticketCode: ticket.code, direction: ticket.direction, moved: move.to });
    if (!rolledBack) stack.push({ state: move.to, ticketId: d.ticketId, since: entry.recordedAt, position: entry.id });
    else {
      const undone = stack.map((s) => s.ticketId).lastIndexOf(d.ticketId);
      if (undone >= 0) stack.splice(undone, 1);
    }
  }
  for (const p of passes) {
    const d = p.data as GatePassEvent['data'];
    const entry = at(p);
    entries.push({ action: 'GatePassDecided', ...entry, position: entry.id, gateCode: d.gateCode, passDirection: d.direction, decision: d.decision, permitCode: d.permit?.code ?? null });
  }
  for (const c of closings) {
    const d = c.data as Of<StocktakeEvent, 'StocktakeClosed'>;
    const result = d.corrections.missing.includes(sampleId) ? 'MISSING' : d.corrections.moved.some((m) => m.sampleId === sampleId) ? 'MOVED' : 'FOUND';
    const entry = at(c);
    if (result === 'MOVED') movedByStocktake = Math.max(movedByStocktake, entry.id);
    entries.push({ action: 'StocktakeClosed', ...entry, position: entry.id, stocktakeId: d.stocktakeId, stocktakeCode: d.code, result });
  }
  const last = stack.at(-1);
  return {
    entries: entries.sort((a, b) => a.position - b.position).map(({ position: _p, ...e }) => e as JourneyEntry),
    // a stocktake that found it in another zone after its last ticket move put it there (its own zone now)
    lastMove: last && !(last.state === 'IN' && movedByStocktake > last.position) ? { ...last, ticket: tickets.get(last.ticketId)! } : null,
    // every lending kept (not rolled back) is one use, whether or not the sample came back since
    loans: stack.filter((s) => s.state === 'OUT').length,
  };
}

/** Each ticket's code, direction, creator, warehouse and note, from its created and updated events. */
async function ticketFacts(db: DbOrTx, ticketIds: readonly string[]): Promise<Map<string, TicketFacts>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .selectFrom(eventLog(db).as('e'))
    .select(['e.type', 'e.data'])
    .where(sql<boolean>`e.type in ('TicketCreated', 'TicketUpdated') and e.data->>'ticketId' = any(${[...ticketIds]}::text[])`)
    .orderBy('e.global_position')
    .execute();
  const facts = new Map<string, TicketFacts>();
  for (const r of rows) {
    if (r.type === 'TicketCreated') {
      const d = r.data as Of<TicketEvent, 'TicketCreated'>;
      facts.set(d.ticketId, { code: d.code, direction: d.direction, by: d.createdBy.name, warehouseId: d.fields.warehouseId, note: d.fields.note ?? null });
    } else {
      const d = r.data as Of<TicketEvent, 'TicketUpdated'>;
      const known = facts.get(d.ticketId);
      if (known) facts.set(d.ticketId, { ...known, warehouseId: d.fields.warehouseId, note: d.fields.note ?? null });
    }
  }
  return facts;
}

/** Where the journey leaves the sample: out on its last ticket, back in that ticket's warehouse, or (no ticket moved it) in its own zone. */
export function placeOf(journey: SampleJourney, ownZoneId: string | null, zoneName: (id: string | null) => string | null): SamplePlace {
  const move = journey.lastMove;
  if (move?.state === 'OUT') {
    return { state: 'OUT', zoneId: null, zoneName: null, ticketId: move.ticketId, ticketCode: move.ticket.code, since: move.since, by: move.ticket.by, note: move.ticket.note };
  }
  const zoneId = move ? move.ticket.warehouseId : ownZoneId;
  return { state: 'IN', zoneId, zoneName: zoneName(zoneId), ticketId: null, ticketCode: null, since: move?.since ?? null, by: null, note: null };
}
