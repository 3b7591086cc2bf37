import { Module } from '@nestjs/common';
import { SampleCommands } from './commands/sample.commands.js';
import { SamplesController } from './http/samples.controller.js';
import { SampleQueries } from './queries/samples.queries.js';
import { ExcelImports } from '../../platform/excel/import-progress.js';

/** The samples (shoes and garments with a code, model, art number, season, size...): event-sourced, listed from the samples read model, with Excel import and export. */
@Module({
  controllers: [SamplesController],
  providers: [ExcelImports, SampleQueries, SampleCommands],
})
export class SamplesModule {}
