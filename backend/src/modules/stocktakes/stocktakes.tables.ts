import type { StocktakesTable, StocktakeLinesTable, StocktakeScansTable } from './stocktake-views/stocktake-views.tables.js';
import type { CountingsTable, CountingTagsTable } from './counting/countings.tables.js';

/** The tables the stocktakes module owns; others read them through stocktakes.public.ts. */
export interface StocktakesTables {
  stocktakes: StocktakesTable;
  stocktake_lines: StocktakeLinesTable;
  stocktake_scans: StocktakeScansTable;
  countings: CountingsTable;
  counting_tags: CountingTagsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends StocktakesTables {}
}
