import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MASTER_DATA_CATALOGUES } from '@rfid/contracts';
import { MASTER_DATA_COMMAND_HANDLERS } from './commands/master-data.commands.js';
import { masterDataController } from './http/master-data.controllers.js';
import { MasterDataQueries } from './queries/master-data.queries.js';
import { ImportProgressPusher } from '../../platform/excel/import-progress.js';

/** The eight master-data catalogues (seasons, stages, sizes, zones, categories, customers, types, genders): one controller each, one read model for all. */
@Module({
  imports: [CqrsModule],
  controllers: MASTER_DATA_CATALOGUES.map(masterDataController),
  providers: [ImportProgressPusher, MasterDataQueries, ...MASTER_DATA_COMMAND_HANDLERS],
})
export class MasterDataModule {}
