import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0004 from './migrations/0004-master-data.js';
import * as migration0014 from './migrations/0014-master-data-vietnamese-text.js';
import { masterDataItemsProjection } from './projections/master-data-items.projection.js';
import type { MasterDataTables } from './master-data.tables.js';

/** The master-data module's tables (the items of the eight master-data catalogues), their migrations and their inline projections. */
export const masterDataModule: ModuleDefinition = {
  name: 'master-data',
  tables: ['master_data_items'] satisfies (keyof MasterDataTables)[],
  migrations: { '0004-master-data': migration0004, '0014-master-data-vietnamese-text': migration0014 },
  projections: [masterDataItemsProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { MasterDataTables } from './master-data.tables.js';
