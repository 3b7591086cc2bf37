import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LINK_COMMAND_HANDLERS } from './commands/link.commands.js';
import { RFID_TAG_COMMAND_HANDLERS } from './commands/rfid-tag.commands.js';
import { RfidTagsController } from './http/rfid-tags.controller.js';
import { RfidTagQueries } from './queries/rfid-tags.queries.js';
import { ImportProgressPusher } from '../../platform/excel/import-progress.js';

/** RFID tags (a code, a container, a link state and a lock flag): registration, lock, cancel, Excel, link to and unlink from samples; one stream per tag code. */
@Module({
  imports: [CqrsModule],
  controllers: [RfidTagsController],
  providers: [ImportProgressPusher, RfidTagQueries, ...RFID_TAG_COMMAND_HANDLERS, ...LINK_COMMAND_HANDLERS],
})
export class RfidModule {}
