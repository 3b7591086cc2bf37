import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { listResponse, P, systemLogDetail, systemLogEntry, systemLogQuery, type SystemLogQuery } from '@rfid/contracts';
import { z } from 'zod';
import { RequirePermission } from '../../platform/auth/access.decorators.js';
import { ApiDoc, ZodParam, ZodQuery } from '../../platform/http/zod.js';
import { SystemLogQueries } from './system-log.queries.js';

@ApiTags('system-log')
@ApiBearerAuth()
@Controller('system-logs')
export class SystemLogController {
  constructor(private readonly queries: SystemLogQueries) {}

  @Get()
  @RequirePermission(P.LOG_MANAGEMENT_SYSTEM_LOG_LIST)
  @ApiDoc({ summary: 'The activity log: every event with time, actor, action, target and summary', query: systemLogQuery, response: listResponse(systemLogEntry) })
  list(@ZodQuery(systemLogQuery) query: SystemLogQuery) {
    return this.queries.list(query);
  }

  @Get('actions')
  @RequirePermission(P.LOG_MANAGEMENT_SYSTEM_LOG_LIST)
  @ApiDoc({ summary: 'The actions (event types) present, for the filter' })
  actions() {
    return this.queries.actions();
  }

  @Get(':id')
  @RequirePermission(P.LOG_MANAGEMENT_SYSTEM_LOG_DETAIL)
  @ApiDoc({ summary: 'One event with its data and metadata', params: ['id'], response: systemLogDetail })
  detail(@ZodParam('id', z.coerce.number().int().positive()) id: number) {
    return this.queries.detail(id);
  }
}
