import { API, type DashboardQuery, type DashboardView } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { RequestTimeZone } from '../../../platform/http/time-zone.js';
import { ApiController, Route, RouteQuery } from '../../../platform/http/api-route.js';
import { GetDashboard } from '../queries/dashboard.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.dashboard;

/** The dashboard (contracts' `API.dashboard`). */
@ApiController('dashboard')
export class DashboardController extends BusController {
  @Route(R.get)
  get(@RouteQuery(R.get) query: DashboardQuery, @CurrentPrincipal() principal: Principal, @RequestTimeZone() timeZone: string): Promise<DashboardView> {
    return this.queries.execute(new GetDashboard(principal.permissions, query.days, timeZone));
  }
}
