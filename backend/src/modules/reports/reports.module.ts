import { Module } from '@nestjs/common';
import { LinkReportsController } from './http/link-reports.controller.js';
import { LinkReportQueries } from './queries/link-reports.queries.js';

/** The report screens (so far: linking and unlink), read from their own read models. */
@Module({
  controllers: [LinkReportsController],
  providers: [LinkReportQueries],
})
export class ReportsModule {}
