/*
 * What other modules may use of readers: the observations (what gate passes, ticket scanning and
 * stocktake counting consume: register an ObservationConsumer with the ObservationBus, importing
 * ReadersModule), where a tag was last seen, and the readers' events.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { readerModel } from './domain/reader.js';

export { ObservationBus, type Observation, type ObservationConsumer } from './ingest/observations.js';
export { lastSeenOf } from './queries/readers.queries.js';
export { ReadersModule } from './readers.module.js';
export type { ReaderEvent } from './domain/reader.js';

/** A reader is named by its code and name as they are now. */
export const READERS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: readerModel.streamType,
    lookUp: async (db, ids) =>
      new Map((await db.selectFrom('readers').select(['id', 'code', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, `${r.code} · ${r.name}`])),
  },
];
