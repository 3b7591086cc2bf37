import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0005 from './migrations/0005-samples.js';
import * as migration0015 from './migrations/0015-samples-vietnamese-text.js';
import * as migration0037 from './migrations/0037-sample-missing.js';
import { samplesProjection } from './projections/samples.projection.js';
import type { SamplesTables } from './samples.tables.js';

/** The samples module's tables (the samples, their kept counts and search keys), their migrations and their inline projections. */
export const samplesModule: ModuleDefinition = {
  name: 'samples',
  tables: ['samples', 'sample_counts', 'sample_search_keys'] satisfies (keyof SamplesTables)[],
  migrations: { '0005-samples': migration0005, '0015-samples-vietnamese-text': migration0015, '0037-sample-missing': migration0037 },
  projections: [samplesProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { SamplesTables } from './samples.tables.js';
