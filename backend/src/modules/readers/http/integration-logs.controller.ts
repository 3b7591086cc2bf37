import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { integrationLogDetail, integrationLogList, integrationLogQuery, P, type IntegrationLogQuery } from '@rfid/contracts';
import { z } from 'zod';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { ReaderQueries } from '../queries/readers.queries.js';

/** What passed between the back-office and the readers (LOG_MANAGEMENT_INTEGRATION_LOG_*). */
@ApiTags('integration-logs')
@ApiBearerAuth()
@Controller('integration-logs')
export class IntegrationLogsController {
  constructor(private readonly queries: ReaderQueries) {}

  @Get()
  @RequirePermission(P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST)
  @ApiDoc({ summary: 'The integration log: management messages, commands and responses, refused and malformed messages, tag data per reader per minute', query: integrationLogQuery, response: integrationLogList })
  list(@ZodQuery(integrationLogQuery) query: IntegrationLogQuery) {
    return this.queries.integrationLogs(query);
  }

  @Get(':id')
  @RequirePermission(P.LOG_MANAGEMENT_INTEGRATION_LOG_DETAIL)
  @ApiDoc({ summary: 'One entry with its payload', params: ['id'], response: integrationLogDetail })
  detail(@ZodParam('id', z.coerce.number().int().positive()) id: number) {
    return this.queries.integrationLog(id);
  }
}
