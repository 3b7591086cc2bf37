import { Module } from '@nestjs/common';
import { SAMPLE_COMMAND_HANDLERS } from './commands/sample.commands.js';
import { SamplesController } from './http/samples.controller.js';
import { SAMPLE_QUERY_HANDLERS, SampleQueries } from './queries/samples.queries.js';
import { ExcelImports } from '../../platform/excel/import-progress.js';

/** The samples (shoes and garments with a code, model, art number, season, size...): event-sourced, listed from the samples read model, with Excel import and export. */
@Module({
  controllers: [SamplesController],
  providers: [ExcelImports, SampleQueries, ...SAMPLE_QUERY_HANDLERS, ...SAMPLE_COMMAND_HANDLERS],
})
export class SamplesModule {}
