import { Controller, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { API, type DashboardQuery, type DashboardView } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { Route, RouteQuery } from '../../../platform/http/api-route.js';
import { DashboardQueries } from '../queries/dashboard.queries.js';

const R = API.dashboard;

/** The dashboard (contracts' `API.dashboard`). */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller()
export class DashboardController {
  constructor(@Inject(DashboardQueries) private readonly queries: DashboardQueries) {}

  @Route(R.get)
  get(@RouteQuery(R.get) query: DashboardQuery, @CurrentPrincipal() principal: Principal, @RequestTimeZone() timeZone: string): Promise<DashboardView> {
    return this.queries.dashboard(principal.permissions, query.days, timeZone);
  }
}
