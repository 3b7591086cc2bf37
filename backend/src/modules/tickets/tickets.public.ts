/*
 * What other modules may use of tickets: the names of tickets for a log, the ticket lines that let an
 * item through a gate, where samples are and the stock in zones (a stocktake's expectation), and the
 * dashboard's figures. Their events are in tickets.events.ts.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { ticketModel } from './domain/ticket-state.js';

/** A ticket is named by its code. */
export const TICKETS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: ticketModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('tickets').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code])),
  },
];

export { ticketGatePermits, type TicketGatePermit } from './ticket-views/ticket-permits.js';
export { samplePlaces, stockInZones, type SamplePlace } from './stock/stock.queries.js';

/** The tickets' figures of the dashboard. */
export { openTicketCounts, ticketFlow } from './ticket-views/ticket-figures.js';
export { samplesOut, stockFlow } from './stock/stock-figures.js';
