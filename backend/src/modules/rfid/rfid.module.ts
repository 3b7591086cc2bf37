import { Module } from '@nestjs/common';
import { LinkCommands } from './commands/link.commands.js';
import { RfidTagCommands } from './commands/rfid-tag.commands.js';
import { RfidTagsController } from './http/rfid-tags.controller.js';
import { RfidTagQueries } from './queries/rfid-tags.queries.js';
import { ExcelImports } from '../../platform/excel/import-progress.js';

/** RFID tags (a code, a container, a link state and a lock flag): registration, lock, cancel, Excel, link to and unlink from samples; one stream per tag code. */
@Module({
  controllers: [RfidTagsController],
  providers: [ExcelImports, RfidTagQueries, RfidTagCommands, LinkCommands],
})
export class RfidModule {}
