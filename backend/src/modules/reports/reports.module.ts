import { Module } from '@nestjs/common';
import { LinkReportsController } from './http/link-reports.controller.js';
import { LINK_REPORT_QUERY_HANDLERS, LinkReportQueries } from './queries/link-reports.queries.js';

/** The report screens (so far: linking and unlink), read from their own read models. */
@Module({
  controllers: [LinkReportsController],
  providers: [LinkReportQueries, ...LINK_REPORT_QUERY_HANDLERS],
})
export class ReportsModule {}
