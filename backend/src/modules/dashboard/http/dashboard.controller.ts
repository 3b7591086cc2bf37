import { Inject } from '@nestjs/common';
import { API, type DashboardQuery, type DashboardView } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteQuery } from '../../../platform/http/api-route.js';
import { DashboardQueries } from '../queries/dashboard.queries.js';

const R = API.dashboard;

/** The dashboard (contracts' `API.dashboard`). */
@ApiController('dashboard')
export class DashboardController {
  constructor(@Inject(DashboardQueries) private readonly queries: DashboardQueries) {}

  @Route(R.get)
  get(@RouteQuery(R.get) query: DashboardQuery, @CurrentPrincipal() principal: Principal, @RequestTimeZone() timeZone: string): Promise<DashboardView> {
    return this.queries.dashboard(principal.permissions, query.days, timeZone);
  }
}
