import { Module } from '@nestjs/common';
import { SystemLogController } from './system-log.controller.js';
import { SYSTEM_LOG_QUERY_HANDLERS, SystemLogQueries } from './system-log.queries.js';

@Module({ controllers: [SystemLogController], providers: [SystemLogQueries, ...SYSTEM_LOG_QUERY_HANDLERS] })
export class AuditModule {}
