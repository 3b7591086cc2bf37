import { Module } from '@nestjs/common';
import { LINK_COMMAND_HANDLERS } from './commands/link.commands.js';
import { RFID_TAG_COMMAND_HANDLERS } from './commands/rfid-tag.commands.js';
import { RfidTagsController } from './http/rfid-tags.controller.js';
import { RFID_TAG_QUERY_HANDLERS, RfidTagQueries } from './queries/rfid-tags.queries.js';
import { ExcelImports } from '../../platform/excel/import-progress.js';

/** RFID tags (a code, a container, a link state and a lock flag): registration, lock, cancel, Excel, link to and unlink from samples; one stream per tag code. */
@Module({
  controllers: [RfidTagsController],
  providers: [ExcelImports, RfidTagQueries, ...RFID_TAG_QUERY_HANDLERS, ...RFID_TAG_COMMAND_HANDLERS, ...LINK_COMMAND_HANDLERS],
})
export class RfidModule {}
