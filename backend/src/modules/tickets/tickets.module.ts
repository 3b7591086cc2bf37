import { Module } from '@nestjs/common';
import { ReadersModule } from '../readers/readers.public.js';
import { TICKET_COMMAND_HANDLERS } from './commands/ticket.commands.js';
import { InventoryController } from './http/inventory.controller.js';
import { ExportTicketsController, ImportTicketsController } from './http/tickets.controller.js';
import { STOCK_QUERY_HANDLERS, StockQueries } from './stock/stock.queries.js';
import { TICKET_QUERY_HANDLERS, TicketQueries } from './ticket-views/tickets.queries.js';
import { CountTicketTagsHandler, TicketScanning } from './scanning/ticket-scanning.js';
import { TicketProgressPushes } from './ticket-views/ticket-progress-pushes.js';

/**
 * Import and export tickets: their flow and approval, scanning by RFID (the readers' observations and
 * commands), the stock their closing moves, the inventory and its report.
 */
@Module({
  imports: [ReadersModule],
  controllers: [ImportTicketsController, ExportTicketsController, InventoryController],
  providers: [...TICKET_COMMAND_HANDLERS, TicketQueries, ...TICKET_QUERY_HANDLERS, StockQueries, ...STOCK_QUERY_HANDLERS, TicketScanning, CountTicketTagsHandler, TicketProgressPushes],
})
export class TicketsModule {}
