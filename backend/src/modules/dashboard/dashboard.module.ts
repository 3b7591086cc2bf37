import { Module } from '@nestjs/common';
import { DashboardController } from './http/dashboard.controller.js';
import { DASHBOARD_QUERY_HANDLERS, DashboardQueries } from './queries/dashboard.queries.js';

/** The dashboard: no tables of its own; it reads the figures each module publishes. */
@Module({
  controllers: [DashboardController],
  providers: [DashboardQueries, ...DASHBOARD_QUERY_HANDLERS],
})
export class DashboardModule {}
