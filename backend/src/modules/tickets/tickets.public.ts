/*
 * What other modules may use of tickets: their events (the samples projection follows a closed
 * internal ticket for the samples' usage count) and the names of tickets for a log.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { ticketModel } from './domain/ticket.js';

export type { TicketEvent } from './domain/ticket.js';

/** A ticket is named by its code. */
export const TICKETS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: ticketModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('tickets').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code])),
  },
];
