import { Module } from '@nestjs/common';
import { SystemLogController } from './system-log.controller.js';
import { SystemLogQueries } from './system-log.queries.js';

@Module({ controllers: [SystemLogController], providers: [SystemLogQueries] })
export class AuditModule {}
