import type { ApprovalState, TicketAction, TicketDirection, TicketFlow, TicketSource } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { Actor, ApartTag, CountedTag, PlannedLine, SampleMove, ScanStep, StockMovement, TicketEvent, TicketFields } from '../tickets.events.js';
import { countsOf, type Identified, type TicketState } from './ticket-state.js';

/*
 * A ticket's flow: the commands that may come and the rules that answer them with events (its
 * transitions and approval, what each scanning step counts, the rollback of what a step did).
 */

export type TicketCommand =
  | { kind: 'create'; ticketId: string; code: string; direction: TicketDirection; source: TicketSource; createdBy: Actor; fields: TicketFields; lines: PlannedLine[] }
  | { kind: 'update'; ticketId: string; fields: TicketFields; lines: PlannedLine[] }
  | { kind: 'delete'; ticketId: string }
  /**
   * `onHand`: the stock of the ticket's products in its warehouse now (a close or a rollback may move it);
   * `reserved`: what other approved export tickets hold of them there (an approval takes from the rest).
   */
  | {
      kind: 'action';
      ticketId: string;
      action: TicketAction;
      actorId: string | null;
      reason: string | null;
      onHand: ReadonlyMap<string, number>;
      reserved: ReadonlyMap<string, number>;
    }
  | { kind: 'start-scanning'; ticketId: string }
  | { kind: 'stop-scanning'; ticketId: string }
  /** Tags read by a reader (or pasted): each with what it is. */
  | { kind: 'scan'; ticketId: string; step: ScanStep; tags: { epc: string; identified: Identified }[] }
  | { kind: 'decide-apart'; ticketId: string; decision: 'accept' | 'remove'; epcs: string[] };

const notAllowed = (action: string, state: TicketState) => new AppError('TICKET_ACTION_NOT_ALLOWED', { action, flow: state.flow, approval: state.approval });

/** The step a flow scans for, if any. */
export const scanStepOf = (flow: TicketFlow): ScanStep | null => (flow === 'PREPARING' ? 'PREPARING' : flow === 'DOING' ? 'DOING' : null);

/**
 * The readers that scan for a ticket in a step: preparing, its equipment (a handheld); receiving or
 * exporting, its allowed gate and its equipment.
 */
export function scanReaders(fields: TicketFields, step: ScanStep): string[] {
  const ids = step === 'PREPARING' ? [fields.equipmentId] : [fields.allowedGateId, fields.equipmentId];
  return [...new Set(ids.filter((id): id is string => !!id))];
}

/** What closing a ticket moves: its actual quantities, in (import) or out (export) of its warehouse; its samples counted, out or back. */
function closingOf(state: TicketState): { movements: StockMovement[]; samples: SampleMove[] } {
  const actual = countsOf(state, 'DOING');
  const sign = state.direction === 'IMPORT' ? 1 : -1;
  const movements = state.lines
    .filter((l) => l.productId && (actual.get(l.key) ?? 0) > 0)
    .map((l) => ({ productId: l.productId!, warehouseId: state.fields!.warehouseId, quantity: sign * actual.get(l.key)! }));
  const samples = state.lines.filter((l) => l.sampleId && (actual.get(l.key) ?? 0) > 0).map((l) => ({ sampleId: l.sampleId!, to: state.direction === 'IMPORT' ? ('IN' as const) : ('OUT' as const) }));
  return { movements, samples };
}

/** The approval a transition needs and the one it leaves; undefined: the action is not allowed from here. */
function transition(state: TicketState, action: Exclude<TicketAction, 'rollback' | 'close'>): { to: TicketFlow; approval: ApprovalState | null } | undefined {
  const exp = state.direction === 'EXPORT';
  switch (action) {
    case 'prepare':
      return state.flow === 'NEW' ? { to: 'PREPARING', approval: state.approval } : undefined;
    case 'prepared':
      return state.flow === 'PREPARING' ? { to: 'PREPARED', approval: state.approval } : undefined;
    case 'submit':
      return exp && state.flow === 'PREPARED' && (state.approval === 'CREATED' || state.approval === 'CANCELED') ? { to: 'PREPARED', approval: 'AWAITING' } : undefined;
    case 'approve':
      return exp && state.flow === 'PREPARED' && state.approval === 'AWAITING' ? { to: 'PREPARED', approval: 'APPROVED' } : undefined;
    case 'cancel':
      // awaiting approval, or approved until exporting starts: cancelling releases what it holds of the stock
      return exp && state.flow === 'PREPARED' && (state.approval === 'AWAITING' || state.approval === 'APPROVED') ? { to: 'PREPARED', approval: 'CANCELED' } : undefined;
    case 'start':
      return state.flow === 'PREPARED' && (!exp || state.approval === 'APPROVED') ? { to: 'DOING', approval: state.approval } : undefined;
  }
}

/** The actions allowed now, before who asks is considered (approve and cancel also need an approver who is not the creator). */
export function allowedActions(state: TicketState): TicketAction[] {
  if (!state.exists || state.deleted) return [];
  const actions: TicketAction[] = [];
  for (const a of ['prepare', 'prepared', 'submit', 'approve', 'cancel', 'start'] as const) if (transition(state, a)) actions.push(a);
  if (state.flow === 'DOING') actions.push('close');
  if (state.history.length) actions.push('rollback');
  return actions;
}

/**
 * The rules of a ticket. Changes only while NEW or PREPARING; deleted only while NEW. The flow is
 * NEW → PREPARING → PREPARED → DOING → DONE; an export ticket is submitted, then approved or cancelled
 * (by an approver who is not its creator; an approved one may still be cancelled until it starts), and
 * starts only once approved (a cancelled one may be submitted again). A rollback, always with a reason, returns to the state before the last transition and reverses what it
 * did: the scans of a scanning step are discarded, a close's stock movements and sample moves reversed.
 * Scanning counts each tag once per ticket and step; a tag unknown, not on the ticket, or over its
 * line's planned quantity is listed apart, for the user to accept (it counts) or remove.
 */
export function decideTicket(state: TicketState, cmd: TicketCommand): TicketEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('CONCURRENCY_CONFLICT');
    const { kind: _k, ...data } = cmd;
    return [{ type: 'TicketCreated', data }];
  }
  if (!state.exists || state.deleted) throw new AppError('TICKET_NOT_FOUND');
  const { ticketId } = cmd;
  switch (cmd.kind) {
    case 'update':
      if (state.flow !== 'NEW' && state.flow !== 'PREPARING') throw new AppError('TICKET_NOT_EDITABLE');
      return [{ type: 'TicketUpdated', data: { ticketId, fields: cmd.fields, lines: cmd.lines } }];
    case 'delete':
      if (state.flow !== 'NEW') throw new AppError('TICKET_NOT_DELETABLE');
      return [{ type: 'TicketDeleted', data: { ticketId } }];
    case 'action': {
      const { action } = cmd;
      if (action === 'rollback') {
        const [rolledBack] = rollback(state, ticketId, cmd.reason);
        // undoing a close takes back what it moved: an import's receipt leaves the stock again
        const reversed = rolledBack.data.reversed;
        if (reversed) checkStock(reversed.movements.map((m) => ({ ...m, quantity: -m.quantity })), cmd.onHand);
        return [rolledBack];
      }
      if (action === 'close') {
        if (state.flow !== 'DOING') throw notAllowed(action, state);
        const closing = closingOf(state);
        checkStock(closing.movements, cmd.onHand);
        return [{ type: 'TicketClosed', data: { ticketId, ...closing } }];
      }
      const next = transition(state, action);
      if (!next) throw notAllowed(action, state);
      if ((action === 'approve' || action === 'cancel') && cmd.actorId !== null && cmd.actorId === state.createdBy.id) throw new AppError('APPROVER_IS_CREATOR');
      if (action === 'approve') checkAvailable(state, cmd.onHand, cmd.reserved);
      return [{ type: 'TicketMoved', data: { ticketId, action, from: state.flow, to: next.to, approval: next.approval, reason: cmd.reason } }];
    }
    case 'start-scanning': {
      const step = scanStepOf(state.flow);
      if (!step) throw notAllowed('scanning', state);
      const readerIds = scanReaders(state.fields!, step);
      if (!readerIds.length) throw new AppError('TICKET_NO_READER');
      if (state.scanning && state.scanning.step === step && state.scanning.readerIds.join() === readerIds.join()) return [];
      return [{ type: 'TicketScanningStarted', data: { ticketId, step, readerIds } }];
    }
    case 'stop-scanning':
      if (!state.scanning) throw new AppError('TICKET_NOT_SCANNING');
      return [{ type: 'TicketScanningStopped', data: { ticketId } }];
    case 'scan':
      return scan(state, ticketId, cmd.step, cmd.tags);
    case 'decide-apart':
      return decideApart(state, ticketId, cmd.decision, cmd.epcs);
  }
}

function scan(state: TicketState, ticketId: string, step: ScanStep, tags: { epc: string; identified: Identified }[]): TicketEvent[] {
  // reads that arrive after the step has ended count for nothing
  if (scanStepOf(state.flow) !== step) return [];
  const counts = countsOf(state, step);
  const planned = new Map(state.lines.map((l) => [l.key, l.planned]));
  const counted: CountedTag[] = [];
  const apart: ApartTag[] = [];
  const seen = new Set<string>();
  for (const { epc, identified } of tags) {
    if (seen.has(epc) || state.counted[step].has(epc) || state.apart[step].has(epc) || state.removed[step].has(epc)) continue;
    seen.add(epc);
    if (!identified) {
      apart.push({ epc, reason: 'UNKNOWN', key: null, units: 0 });
      continue;
    }
    const limit = planned.get(identified.key);
    if (limit === undefined) {
      apart.push({ epc, reason: 'NOT_ON_TICKET', key: identified.key, units: identified.units });
      continue;
    }
    const now = counts.get(identified.key) ?? 0;
    if (now + identified.units > limit) {
      apart.push({ epc, reason: 'OVER_PLANNED', key: identified.key, units: identified.units });
      continue;
    }
    counts.set(identified.key, now + identified.units);
    counted.push({ epc, key: identified.key, units: identified.units });
  }
  if (!counted.length && !apart.length) return [];
  return [{ type: 'TicketTagsScanned', data: { ticketId, step, counted, apart } }];
}

function decideApart(state: TicketState, ticketId: string, decision: 'accept' | 'remove', epcs: string[]): TicketEvent[] {
  const step = scanStepOf(state.flow);
  if (!step) throw notAllowed(decision, state);
  const listed = epcs.filter((epc) => state.apart[step].has(epc));
  if (!listed.length) return [];
  // an unknown tag cannot count for anything: accepting it only takes it off the list
  const counted = decision === 'accept' ? listed.flatMap((epc) => {
    const a = state.apart[step].get(epc)!;
    return a.key ? [{ epc, key: a.key, units: a.units }] : [];
  }) : [];
  return [{ type: 'TicketApartDecided', data: { ticketId, step, decision, epcs: listed, counted } }];
}

/**
 * Stock never goes below zero: each change a close or a rollback makes to a product's stock in the
 * warehouse, against what is on hand (STOCK_WOULD_GO_NEGATIVE names the product, the warehouse, what
 * is on hand and the change).
 */
function checkStock(changes: readonly StockMovement[], onHand: ReadonlyMap<string, number>): void {
  for (const c of changes) {
    const now = onHand.get(c.productId) ?? 0;
    if (now + c.quantity < 0) throw new AppError('STOCK_WOULD_GO_NEGATIVE', { productId: c.productId, warehouseId: c.warehouseId, onHand: now, change: c.quantity });
  }
}

/** A product line planning more than is available: stock on hand in the warehouse less what other approved export tickets hold. */
export interface StockShortage {
  productId: string;
  available: number;
  planned: number;
}

/** The product lines of a ticket that plan more than is available. */
export function stockShortages(lines: readonly { productId: string | null; planned: number }[], onHand: ReadonlyMap<string, number>, reserved: ReadonlyMap<string, number>): StockShortage[] {
  return lines.flatMap(({ productId, planned }) => {
    if (!productId) return [];
    const available = (onHand.get(productId) ?? 0) - (reserved.get(productId) ?? 0);
    return planned > available ? [{ productId, available, planned }] : [];
  });
}

/** An export is approved only against what is available (STOCK_NOT_AVAILABLE names the first product short). */
function checkAvailable(state: TicketState, onHand: ReadonlyMap<string, number>, reserved: ReadonlyMap<string, number>): void {
  const [short] = stockShortages(state.lines, onHand, reserved);
  if (short) throw new AppError('STOCK_NOT_AVAILABLE', { ...short, warehouseId: state.fields!.warehouseId });
}

function rollback(state: TicketState, ticketId: string, reason: string | null): [Extract<TicketEvent, { type: 'TicketRolledBack' }>] {
  const previous = state.history.at(-1);
  if (!previous) throw notAllowed('rollback', state);
  // what a rollback undoes is on the timeline with why: it is never anonymous
  if (!reason?.trim()) throw new AppError('REASON_REQUIRED', { action: 'rollback' });
  const undoneStep = previous.did === 'scan-step' ? scanStepOf(state.flow) : null;
  const discarded = undoneStep && state.flow !== previous.flow ? { step: undoneStep, tags: state.counted[undoneStep].size + state.apart[undoneStep].size } : null;
  const reversed = previous.did === 'close' ? state.closing : null;
  return [
    {
      type: 'TicketRolledBack',
      data: { ticketId, from: state.flow, to: previous.flow, approval: previous.approval, reason, discarded, reversed },
    },
  ];
}
