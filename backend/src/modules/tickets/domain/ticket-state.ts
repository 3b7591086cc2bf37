import type { ApprovalState, TicketDirection, TicketFlow, TicketSource } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { Actor, ApartTag, CountedTag, PlannedLine, SampleMove, ScanStep, StockMovement, TicketEvent, TicketFields } from '../tickets.events.js';

/*
 * A ticket's state: what its events say it is (its fields and lines, where its flow and approval stand,
 * the tags each scanning step counted and listed apart), folded by its stream model. Its rules are in
 * ticket-flow.ts.
 */

interface Previous {
  flow: TicketFlow;
  approval: ApprovalState | null;
  /** What the transition did that a rollback reverses. */
  did: 'scan-step' | 'close' | null;
}

export interface TicketState {
  exists: boolean;
  deleted: boolean;
  code: string;
  direction: TicketDirection;
  source: TicketSource;
  createdBy: Actor;
  flow: TicketFlow;
  approval: ApprovalState | null;
  fields: TicketFields | null;
  lines: PlannedLine[];
  /** Per step, the tags counted and the tags apart, by EPC. */
  counted: Record<ScanStep, Map<string, CountedTag>>;
  apart: Record<ScanStep, Map<string, ApartTag>>;
  /** Tags the user removed from the apart list: read again, they stay out. */
  removed: Record<ScanStep, Set<string>>;
  scanning: { step: ScanStep; readerIds: string[] } | null;
  /** The states before each transition, the last one on top: what a rollback returns to. */
  history: Previous[];
  closing: { movements: StockMovement[]; samples: SampleMove[] } | null;
}

const emptySteps = <T>(make: () => T): Record<ScanStep, T> => ({ PREPARING: make(), DOING: make() });

const initial: TicketState = {
  exists: false,
  deleted: false,
  code: '',
  direction: 'IMPORT',
  source: 'SUPPLIER',
  createdBy: { id: null, name: null },
  flow: 'NEW',
  approval: null,
  fields: null,
  lines: [],
  counted: emptySteps(() => new Map()),
  apart: emptySteps(() => new Map()),
  removed: emptySteps(() => new Set()),
  scanning: null,
  history: [],
  closing: null,
};

const freshSteps = () => ({ counted: emptySteps(() => new Map<string, CountedTag>()), apart: emptySteps(() => new Map<string, ApartTag>()), removed: emptySteps(() => new Set<string>()) });

/**
 * How a ticket's events fold. A scanned ticket holds thousands of tags: the maps of counted and apart
 * tags are made anew by TicketCreated and then grown in place by the scanning events, rather than
 * copied at every batch (which made folding a 10,000-tag ticket quadratic). A fold owns the maps of
 * the states it makes; nothing keeps an earlier state of a fold once it has moved on.
 */
export const ticketModel: StreamModel<TicketState, TicketEvent> = {
  streamType: 'ticket',
  streamId: (id) => `ticket-${id}`,
  initial,
  evolve(state, event) {
    switch (event.type) {
      case 'TicketCreated': {
        const d = event.data;
        return {
          ...initial,
          ...freshSteps(),
          exists: true,
          code: d.code,
          direction: d.direction,
          source: d.source,
          createdBy: d.createdBy,
          approval: d.direction === 'EXPORT' ? 'CREATED' : null,
          fields: d.fields,
          lines: d.lines,
        };
      }
      case 'TicketUpdated':
        return { ...state, fields: event.data.fields, lines: event.data.lines };
      case 'TicketDeleted':
        return { ...state, deleted: true };
      case 'TicketMoved': {
        const did = event.data.to === 'PREPARING' || event.data.to === 'DOING' ? 'scan-step' : null;
        return {
          ...state,
          history: [...state.history, { flow: state.flow, approval: state.approval, did }],
          flow: event.data.to,
          approval: event.data.approval,
          scanning: null,
        };
      }
      case 'TicketClosed':
        return {
          ...state,
          history: [...state.history, { flow: state.flow, approval: state.approval, did: 'close' }],
          flow: 'DONE',
          scanning: null,
          closing: { movements: event.data.movements, samples: event.data.samples },
        };
      case 'TicketRolledBack': {
        const step = event.data.discarded?.step;
        let lines = state.lines;
        if (step) {
          state.counted[step].clear();
          state.apart[step].clear();
          state.removed[step].clear();
          // a line an accepted tag added (planned 0) goes with the scans that added it
          const stillCounted = new Set([...state.counted.PREPARING.values(), ...state.counted.DOING.values()].map((c) => c.key));
          lines = lines.filter((l) => l.planned > 0 || stillCounted.has(l.key));
        }
        return {
          ...state,
          lines,
          history: state.history.slice(0, -1),
          flow: event.data.to,
          approval: event.data.approval,
          scanning: null,
          closing: event.data.reversed ? null : state.closing,
        };
      }
      case 'TicketScanningStarted':
        return { ...state, scanning: { step: event.data.step, readerIds: event.data.readerIds } };
      case 'TicketScanningStopped':
        return { ...state, scanning: null };
      case 'TicketTagsScanned': {
        for (const c of event.data.counted) state.counted[event.data.step].set(c.epc, c);
        for (const a of event.data.apart) state.apart[event.data.step].set(a.epc, a);
        return state;
      }
      case 'TicketApartDecided': {
        const step = event.data.step;
        for (const epc of event.data.epcs) {
          state.apart[step].delete(epc);
          if (event.data.decision === 'remove') state.removed[step].add(epc);
        }
        for (const c of event.data.counted) state.counted[step].set(c.epc, c);
        const known = new Set(state.lines.map((l) => l.key));
        // an accepted product that was not on the ticket joins it as a line planned 0
        const added = event.data.counted
          .filter((c) => !known.has(c.key))
          .map((c) => ({ key: c.key, productId: c.key.startsWith('product:') ? c.key.slice(8) : null, sampleId: c.key.startsWith('sample:') ? c.key.slice(7) : null, planned: 0 }));
        return { ...state, lines: [...state.lines, ...added.filter((l, i, all) => all.findIndex((x) => x.key === l.key) === i)] };
      }
    }
  },
};

/** What a scanned tag is, as the product and sample tables say: a product unit, a sample, or nothing known. */
export type Identified = { key: string; units: number } | null;

/** The units counted per line in a step. */
export function countsOf(state: TicketState, step: ScanStep): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of state.counted[step].values()) counts.set(c.key, (counts.get(c.key) ?? 0) + c.units);
  return counts;
}
