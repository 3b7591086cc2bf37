/*
 * What other modules may use of readers: the observations (what gate passes consume: register an
 * ObservationConsumer with the ObservationBus, importing ReadersModule), the readers' claims (what
 * ticket scanning, stocktake counting and quick counts hold: register a ClaimHolder with ReaderClaims), where a tag was last seen, and the readers' events.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { readerModel } from './domain/reader.js';

export { ObservationBus, type ObservationConsumer } from './ingest/observations.js';
export type { Observation } from './ingest/observation.js';
export { DeviceCommands } from './commands/device-commands.js';
export { ReaderClaims, type ClaimHolder, type ReaderClaim, type ReaderFailure } from './claims/reader-claims.js';
export { ReaderLiveState } from './ingest/live-state.js';
export { ReaderDirectory } from './ingest/reader-directory.js';
export { ReaderOwnership, type GainedReader } from './ingest/reader-ownership.js';
export type { KnownReader } from './reader-views/reader-view.js';
export { lastSeenOf } from './ingest/tag-sightings.js';
export { firstReaderUsers, readerSummaries } from './reader-views/readers.queries.js';
export { ReadersModule } from './readers.module.js';

/** A reader is named by its code and name as they are now. */
export const READERS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: readerModel.streamType,
    lookUp: async (db, ids) =>
      new Map((await db.selectFrom('readers').select(['id', 'code', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, `${r.code} · ${r.name}`])),
  },
];

/** The readers' figures of the dashboard. */
export { readerFigures } from './reader-views/reader-figures.js';
