import type { SampleMovesTable, SampleWhereaboutsTable, StockMovementsTable } from './stock/stock.tables.js';
import type { TicketApartTable, TicketLinesTable, TicketsTable } from './ticket-views/ticket-views.tables.js';

/** The tables the tickets module owns; others read them through tickets.public.ts. */
export interface TicketsTables {
  tickets: TicketsTable;
  ticket_lines: TicketLinesTable;
  ticket_apart: TicketApartTable;
  stock_movements: StockMovementsTable;
  sample_whereabouts: SampleWhereaboutsTable;
  sample_moves: SampleMovesTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends TicketsTables {}
}
