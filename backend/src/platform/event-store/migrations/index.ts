import type { Migration } from 'kysely';
import * as eventStore from './0001-event-store.js';
import * as streamLocks from './0008-stream-locks.js';
import * as eventRedactions from './0009-event-redactions.js';
import * as journeyIndexes from './0048-journey-indexes.js';
import * as vietnameseCollation from '../../database/migrations/0012-vietnamese-collation.js';

/** The platform's own migrations: the event store, its stream locks, processor checkpoints, secrets, the record of redactions; the collation lists sort text by; the indexes that find the events naming a sample. */
export const PLATFORM_MIGRATIONS: Record<string, Migration> = {
  '0001-event-store': eventStore,
  '0008-stream-locks': streamLocks,
  '0009-event-redactions': eventRedactions,
  '0012-vietnamese-collation': vietnameseCollation,
  '0048-journey-indexes': journeyIndexes,
};
