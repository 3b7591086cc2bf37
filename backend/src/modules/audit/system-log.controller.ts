import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { listResponse, P, systemLogActionOption, systemLogDetail, systemLogEntry, systemLogQuery, type Language, type SystemLogQuery } from '@rfid/contracts';
import { z } from 'zod';
import { RequirePermission } from '../../platform/auth/access.decorators.js';
import { RequestLanguage } from '../../platform/http/language.js';
import { ApiDoc, ZodParam, ZodQuery } from '../../platform/http/zod.js';
import { SystemLogQueries } from './system-log.queries.js';

@ApiTags('system-log')
@ApiBearerAuth()
@Controller('system-logs')
export class SystemLogController {
  constructor(private readonly queries: SystemLogQueries) {}

  @Get()
  @RequirePermission(P.LOG_MANAGEMENT_SYSTEM_LOG_LIST)
  @ApiDoc({
    summary: "The activity log: every event with time, actor, action, the record by its kind and name, and a summary, in the request's language",
    query: systemLogQuery,
    response: listResponse(systemLogEntry),
  })
  list(@ZodQuery(systemLogQuery) query: SystemLogQuery, @RequestLanguage() language: Language) {
    return this.queries.list(query, language);
  }

  @Get('actions')
  @RequirePermission(P.LOG_MANAGEMENT_SYSTEM_LOG_LIST)
  @ApiDoc({ summary: "The actions (event types) present, with their labels in the request's language, for the filter", response: z.array(systemLogActionOption) })
  actions(@RequestLanguage() language: Language) {
    return this.queries.actions(language);
  }

  @Get(':id')
  @RequirePermission(P.LOG_MANAGEMENT_SYSTEM_LOG_DETAIL)
  @ApiDoc({ summary: 'One event with its data and metadata', params: ['id'], response: systemLogDetail })
  detail(@ZodParam('id', z.coerce.number().int().positive()) id: number, @RequestLanguage() language: Language) {
    return this.queries.detail(id, language);
  }
}
