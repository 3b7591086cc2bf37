import type { StoredEvent } from '../../../platform/event-store/types.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import type { Tx } from '../../../platform/database/database.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { GatePassEvent } from '../gates.events.js';

type Decided = StoredEvent<GatePassEvent['data']>;

function row(e: Decided) {
  const d = e.data;
  return {
    id: d.passId,
    at: new Date(d.at),
    gate_id: d.gateId,
    gate_code: d.gateCode,
    gate_name: d.gateName,
    antenna: d.antenna,
    direction: d.direction,
    epc: d.epc,
    item_kind: d.item.kind,
    item_id: d.item.id,
    item_code: d.item.code,
    item_name: d.item.name,
    decision: d.decision,
    permit_kind: d.permit?.kind ?? null,
    permit_id: d.permit?.id ?? null,
    permit_code: d.permit?.code ?? null,
    alert_id: d.alertId,
    search_key: searchKey(d.epc, d.item.code, d.item.name, d.permit?.code),
  };
}

const insert = async (tx: Tx, events: readonly Decided[]) => {
  await tx.insertInto('gate_passes').values(events.map(row)).execute();
};

/** `gate_passes`, the gate history: one row per pass decided, written with the decision. */
export const gatePassesProjection: InlineProjection = {
  name: 'gate-passes',
  tables: ['gate_passes'],
  handlers: { GatePassDecided: (tx, e: Decided) => insert(tx, [e]) },
  batchHandlers: { GatePassDecided: (tx, events) => insert(tx, events as Decided[]) },
};
