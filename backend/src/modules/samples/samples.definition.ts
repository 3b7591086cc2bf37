import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0005 from './migrations/0005-samples.js';
import { samplesProjection } from './projections/samples.projection.js';
import type { SamplesTables } from './samples.tables.js';

/** The samples module's tables (the samples and their kept counts), their migrations and their inline projections. */
export const samplesModule: ModuleDefinition = {
  name: 'samples',
  tables: ['samples', 'sample_counts'] satisfies (keyof SamplesTables)[],
  migrations: { '0005-samples': migration0005 },
  projections: [samplesProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { SamplesTables } from './samples.tables.js';
