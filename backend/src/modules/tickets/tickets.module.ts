import { Module } from '@nestjs/common';
import { ReadersModule } from '../readers/readers.public.js';
import { TicketCommands } from './commands/ticket.commands.js';
import { InventoryController } from './http/inventory.controller.js';
import { ExportTicketsController, ImportTicketsController } from './http/tickets.controller.js';
import { TicketQueries } from './queries/tickets.queries.js';
import { TicketScanning } from './scanning/ticket-scanning.js';
import { TicketProgressPushes } from './pushes/ticket-progress-pushes.js';

/**
 * Import and export tickets: their flow and approval, scanning by RFID (the readers' observations and
 * commands), the stock their closing moves, the inventory and its report.
 */
@Module({
  imports: [ReadersModule],
  controllers: [ImportTicketsController, ExportTicketsController, InventoryController],
  providers: [TicketCommands, TicketQueries, TicketScanning, TicketProgressPushes],
})
export class TicketsModule {}
