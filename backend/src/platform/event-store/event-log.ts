import type { DbOrTx } from '../database/database.js';

/**
 * The events as a log lists and searches them (the system log, a record's timeline): a subquery that
 * modules select from, `db.selectFrom(eventLog(db).as('e'))`. Only the event store writes the events
 * table, and only through it do modules read the table with SQL of their own.
 */
export function eventLog(db: DbOrTx) {
  return db.selectFrom('events').select(['global_position', 'recorded_at', 'metadata', 'type', 'stream_id', 'stream_type', 'stream_version', 'event_id', 'data', 'hash']);
}
