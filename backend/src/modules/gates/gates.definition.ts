import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import type { GatesTables } from './gates.tables.js';
import * as migration0033 from './migrations/0033-gates.js';
import * as migration0046 from './migrations/0046-gate-pass-trips.js';
import { gatePassesProjection } from './gate-pass-views/gate-passes.projection.js';
import { gateTicketsProjection } from './gate-ticket-views/gate-tickets.projection.js';

/** The gates module's tables (the gate history, the gate tickets), migration and projections. */
export const gatesModule: ModuleDefinition = {
  name: 'gates',
  tables: ['gate_passes', 'gate_tickets', 'gate_ticket_gates', 'gate_ticket_items'] satisfies (keyof GatesTables)[],
  migrations: { '0033-gates': migration0033, '0046-gate-pass-trips': migration0046 },
  projections: [gatePassesProjection, gateTicketsProjection],
};

export type { GatesTables } from './gates.tables.js';
