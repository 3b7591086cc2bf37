import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0031 from './migrations/0031-tickets.js';
import * as migration0038 from './migrations/0038-stock-adjustments.js';
import * as migration0039 from './migrations/0039-ticket-flow-indexes.js';
import { stockProjection } from './stock/stock.projection.js';
import { ticketsProjection } from './ticket-views/tickets.projection.js';
import type { TicketsTables } from './tickets.tables.js';

/** The tickets module's tables (tickets, their lines and tags apart, stock movements, where samples are), migration and projection. */
export const ticketsModule: ModuleDefinition = {
  name: 'tickets',
  tables: ['tickets', 'ticket_lines', 'ticket_apart', 'stock_movements', 'sample_whereabouts', 'sample_moves'] satisfies (keyof TicketsTables)[],
  migrations: { '0031-tickets': migration0031, '0038-stock-adjustments': migration0038, '0039-ticket-flow-indexes': migration0039 },
  projections: [ticketsProjection, stockProjection],
};

export type { TicketsTables } from './tickets.tables.js';
