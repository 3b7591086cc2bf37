import { Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { API, type Language, type SystemLogQuery } from '@rfid/contracts';
import { RequestLanguage } from '../../platform/http/language.js';
import { Route, RouteParam, RouteQuery } from '../../platform/http/api-route.js';
import { SystemLogQueries } from './system-log.queries.js';

const R = API.systemLogs;

@ApiTags('system-log')
@ApiBearerAuth()
@Controller()
export class SystemLogController {
  constructor(private readonly queries: SystemLogQueries) {}

  @Route(R.list)
  list(@RouteQuery(R.list) query: SystemLogQuery, @RequestLanguage() language: Language) {
    return this.queries.list(query, language);
  }

  @Route(R.actions)
  actions(@RequestLanguage() language: Language) {
    return this.queries.actions(language);
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: number, @RequestLanguage() language: Language) {
    return this.queries.detail(id, language);
  }
}
