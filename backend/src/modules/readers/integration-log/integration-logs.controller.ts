import { API, type IntegrationLogQuery } from '@rfid/contracts';
import { ApiController, Route, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { IntegrationLogQueries } from './integration-log.queries.js';

const R = API.integrationLogs;

/** What passed between the back-office and the readers (contracts' `API.integrationLogs`). */
@ApiController('integration-logs')
export class IntegrationLogsController {
  constructor(private readonly queries: IntegrationLogQueries) {}

  @Route(R.list)
  list(@RouteQuery(R.list) query: IntegrationLogQuery) {
    return this.queries.list(query);
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: number) {
    return this.queries.detail(id);
  }
}
