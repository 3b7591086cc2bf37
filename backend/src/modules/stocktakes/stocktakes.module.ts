import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.public.js';
import { ReadersModule } from '../readers/readers.public.js';
import { SettingsModule } from '../settings/settings.public.js';
import { ChangeCountingHandler, CountingSessions } from './counting/counting-sessions.js';
import { CountingsController } from './counting/countings.controller.js';
import { COUNTING_QUERY_HANDLERS, CountingQueries } from './counting/countings.queries.js';
import { MissingSamplesSeen } from './missing/missing-samples-seen.js';
import { STOCKTAKE_COMMAND_HANDLERS } from './commands/stocktake.commands.js';
import { StocktakesController } from './http/stocktakes.controller.js';
import { STOCKTAKE_QUERY_HANDLERS, StocktakeQueries } from './stocktake-views/stocktakes.queries.js';
import { CountStocktakeTagsHandler, StocktakeCounting } from './scanning/stocktake-counting.js';
import { CountingPushes } from './counting/counting-pushes.js';
import { StocktakeProgressPushes } from './stocktake-views/stocktake-progress-pushes.js';

/**
 * Stocktaking and quick counts with handheld readers: what is expected in some zones against what the
 * readers found, abnormal tags, corrections on close, and counting sessions without a ticket.
 */
@Module({
  imports: [ReadersModule, AlertsModule, SettingsModule],
  controllers: [StocktakesController, CountingsController],
  providers: [...STOCKTAKE_COMMAND_HANDLERS, StocktakeQueries, ...STOCKTAKE_QUERY_HANDLERS, StocktakeCounting, CountStocktakeTagsHandler, CountingQueries, ...COUNTING_QUERY_HANDLERS, CountingSessions, ChangeCountingHandler, MissingSamplesSeen, StocktakeProgressPushes, CountingPushes],
})
export class StocktakesModule {}
