import { API, type DashboardQuery, type DashboardView } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteQuery } from '../../../platform/http/api-route.js';
import { QueryBus } from '@nestjs/cqrs';
import { GetDashboard } from '../queries/dashboard.queries.js';

const R = API.dashboard;

/** The dashboard (contracts' `API.dashboard`). */
@ApiController('dashboard')
export class DashboardController {
  constructor(private readonly queries: QueryBus) {}

  @Route(R.get)
  get(@RouteQuery(R.get) query: DashboardQuery, @CurrentPrincipal() principal: Principal, @RequestTimeZone() timeZone: string): Promise<DashboardView> {
    return this.queries.execute(new GetDashboard(principal.permissions, query.days, timeZone));
  }
}
