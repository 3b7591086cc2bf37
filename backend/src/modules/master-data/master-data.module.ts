import { Module } from '@nestjs/common';
import { MASTER_DATA_CATALOGUES } from '@rfid/contracts';
import { MASTER_DATA_COMMAND_HANDLERS } from './commands/master-data.commands.js';
import { masterDataController } from './http/master-data.controllers.js';
import { MASTER_DATA_QUERY_HANDLERS, MasterDataQueries } from './queries/master-data.queries.js';
import { ExcelImports } from '../../platform/excel/import-progress.js';

/** The eight master-data catalogues (seasons, stages, sizes, zones, categories, customers, types, genders): one controller each, one read model for all. */
@Module({
  controllers: MASTER_DATA_CATALOGUES.map(masterDataController),
  providers: [ExcelImports, MasterDataQueries, ...MASTER_DATA_QUERY_HANDLERS, ...MASTER_DATA_COMMAND_HANDLERS],
})
export class MasterDataModule {}
