import { API, type IntegrationLogQuery } from '@rfid/contracts';
import { ApiController, Route, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { GetIntegrationLogEntry, ListIntegrationLog } from './integration-log.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.integrationLogs;

/** What passed between the back-office and the readers (contracts' `API.integrationLogs`). */
@ApiController('integration-logs')
export class IntegrationLogsController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: IntegrationLogQuery) {
    return this.queries.execute(new ListIntegrationLog(query));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: number) {
    return this.queries.execute(new GetIntegrationLogEntry(id));
  }
}
