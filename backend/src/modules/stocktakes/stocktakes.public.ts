/*
 * What other modules may use of stocktakes: their events (the samples and tickets projections follow
 * StocktakeClosed and MissingSamplesSeen) and the names of stocktakes for the system log.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { stocktakeModel } from './domain/stocktake.js';

export { StocktakesModule } from './stocktakes.module.js';

/** A stocktake is named by its code. */
export const STOCKTAKES_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: stocktakeModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('stocktakes').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code])),
  },
];

/** The stocktakes being counted, for the dashboard. */
export { stocktakesInProgress } from './stocktake-views/stocktake-figures.js';
