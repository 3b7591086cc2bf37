import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0031 from './migrations/0031-tickets.js';
import { ticketsProjection } from './projections/tickets.projection.js';
import type { TicketsTables } from './tickets.tables.js';

/** The tickets module's tables (tickets, their lines and tags apart, stock movements, where samples are), migration and projection. */
export const ticketsModule: ModuleDefinition = {
  name: 'tickets',
  tables: ['tickets', 'ticket_lines', 'ticket_apart', 'stock_movements', 'sample_whereabouts', 'sample_moves'] satisfies (keyof TicketsTables)[],
  migrations: { '0031-tickets': migration0031 },
  projections: [ticketsProjection],
};

export type { TicketsTables } from './tickets.tables.js';
