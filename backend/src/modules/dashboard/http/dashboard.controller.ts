import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { dashboardQuery, dashboardView, P, type DashboardQuery, type DashboardView } from '@rfid/contracts';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { RequestTimeZone, TimeZoneHeader } from '../../../platform/http/time-zone.js';
import { ApiDoc, ZodQuery } from '../../../platform/http/zod.js';
import { DashboardQueries } from '../queries/dashboard.queries.js';

@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(@Inject(DashboardQueries) private readonly queries: DashboardQueries) {}

  @Get()
  @RequirePermission(P.DASHBOARD)
  @TimeZoneHeader()
  @ApiDoc({
    summary:
      'The dashboard: samples, tags, readers, open tickets, stocktakes in progress and active alerts now; today’s passes, alerts, links, unlinks and closed tickets; per-day series over the last `days` (7 or 30) in the client’s time zone; the latest passes and alerts. Each part only for a user who may open the list behind it.',
    query: dashboardQuery,
    response: dashboardView,
  })
  get(@ZodQuery(dashboardQuery) query: DashboardQuery, @CurrentPrincipal() principal: Principal, @RequestTimeZone() timeZone: string): Promise<DashboardView> {
    return this.queries.dashboard(principal.permissions, query.days, timeZone);
  }
}
