import { API, type Language, type SystemLogQuery } from '@rfid/contracts';
import { RequestLanguage } from '../../platform/http/language.js';
import { ApiController, Route, RouteParam, RouteQuery } from '../../platform/http/api-route.js';
import { GetSystemLogEntry, ListSystemLog, ListSystemLogActions } from './system-log.queries.js';
import { BusController } from '../../platform/http/bus-controller.js';

const R = API.systemLogs;

@ApiController('system-log')
export class SystemLogController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: SystemLogQuery, @RequestLanguage() language: Language) {
    return this.queries.execute(new ListSystemLog(query, language));
  }

  @Route(R.actions)
  actions(@RequestLanguage() language: Language) {
    return this.queries.execute(new ListSystemLogActions(language));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: number, @RequestLanguage() language: Language) {
    return this.queries.execute(new GetSystemLogEntry(id, language));
  }
}
