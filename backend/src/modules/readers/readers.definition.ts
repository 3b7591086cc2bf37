import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0021 from './migrations/0021-readers.js';
import * as migration0041 from './migrations/0041-reader-hosts.js';
import * as migration0043 from './migrations/0043-observation-journal.js';
import * as migration0044 from './migrations/0044-reader-topics.js';
import * as migration0045 from './migrations/0045-reader-claims.js';
import * as migration0049 from './migrations/0049-reader-owners.js';
import { readersProjection } from './reader-views/readers.projection.js';
import type { ReadersTables } from './readers.tables.js';

/** The readers module's tables (the registry, its users, credentials, live state, tag sightings, the integration log, the journal of acknowledged reads, the readers' claims, which server handles which reader), migration and projection. */
export const readersModule: ModuleDefinition = {
  name: 'readers',
  tables: ['readers', 'reader_users', 'reader_credentials', 'reader_live', 'tag_sightings', 'integration_logs', 'observation_journal', 'reader_topics', 'reader_claims', 'reader_owners', 'ingest_servers'] satisfies (keyof ReadersTables)[],
  migrations: { '0021-readers': migration0021, '0041-reader-hosts': migration0041, '0043-observation-journal': migration0043, '0044-reader-topics': migration0044, '0045-reader-claims': migration0045, '0049-reader-owners': migration0049 },
  projections: [readersProjection],
};

export type { ReadersTables } from './readers.tables.js';
