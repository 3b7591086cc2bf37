import { API, type CountingDetail, type CountingListQuery, type CountingListResponse } from '@rfid/contracts';
import { ApiController, Route, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { GetCounting, ListCountings } from './countings.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.countings;

/** `/api/countings`: the quick counts of handhelds in COUNTING mode (STOCKTAKE_COUNTING_LIST). */
@ApiController('stocktakes')
export class CountingsController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: CountingListQuery): Promise<CountingListResponse> {
    return this.queries.execute(new ListCountings(query));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string): Promise<CountingDetail> {
    return this.queries.execute(new GetCounting(id));
  }
}
