/*
 * What other modules may use of gates: the events of passes and gate tickets (the system log) and their names.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { gatePassModel } from './domain/gate-pass.js';
import { gateTicketModel } from './domain/gate-ticket.js';

export { GatesModule } from './gates.module.js';

/** A gate ticket is named by its code (a deleted one's rows are gone: it stays unnamed); a pass by its gate and item. */
export const GATES_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: gatePassModel.streamType,
    lookUp: async (db, ids) =>
      new Map((await db.selectFrom('gate_passes').select(['id', 'gate_code', 'item_code']).where('id', 'in', ids).execute()).map((r) => [r.id, `${r.gate_code} · ${r.item_code}`])),
  },
  {
    streamType: gateTicketModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('gate_tickets').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code])),
  },
];

/** The passes' figures of the dashboard. */
export { gatePassFigures } from './gate-pass-views/gate-figures.js';
