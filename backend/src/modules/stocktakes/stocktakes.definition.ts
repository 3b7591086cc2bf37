import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0035 from './migrations/0035-stocktakes.js';
import * as migration0042 from './migrations/0042-stocktake-position.js';
import { countingsProjection } from './counting/countings.projection.js';
import { stocktakesProjection } from './stocktake-views/stocktakes.projection.js';
import type { StocktakesTables } from './stocktakes.tables.js';

/** The stocktakes module's tables (stocktakes, their lines and scans, quick counts), migration and projections. */
export const stocktakesModule: ModuleDefinition = {
  name: 'stocktakes',
  tables: ['stocktakes', 'stocktake_lines', 'stocktake_scans', 'countings', 'counting_tags'] satisfies (keyof StocktakesTables)[],
  migrations: { '0035-stocktakes': migration0035, '0042-stocktake-position': migration0042 },
  projections: [stocktakesProjection, countingsProjection],
};

export type { StocktakesTables } from './stocktakes.tables.js';
