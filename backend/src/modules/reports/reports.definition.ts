import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0007 from './migrations/0007-link-history.js';
import { linkHistoryProjection } from './projections/link-history.projection.js';
import type { ReportsTables } from './reports.tables.js';

/** The reports module's tables (the history of links and unlinks the reports read), their migrations and their inline projections. */
export const reportsModule: ModuleDefinition = {
  name: 'reports',
  tables: ['tag_link_history'] satisfies (keyof ReportsTables)[],
  migrations: { '0007-link-history': migration0007 },
  projections: [linkHistoryProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { ReportsTables } from './reports.tables.js';
