import type { GateItemView, PassDecision, PassDirection, PermitKind } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';

/**
 * A pass: an item a gate reader saw go through, and what the gate decided. Each pass is a stream of
 * one event (`gate-pass-{id}`), written in bulk with the alerts it raises; a gate's history is read
 * from the gate_passes table, never by loading a stream.
 */
export type GatePassEvent = {
  type: 'GatePassDecided';
  data: {
    passId: string;
    gateId: string;
    gateCode: string;
    gateName: string;
    antenna: number | null;
    direction: PassDirection;
    epc: string;
    item: GateItemView;
    decision: PassDecision;
    permit: { kind: PermitKind; id: string; code: string } | null;
    alertId: string | null;
    /** When the gate first saw the item on this pass (the back-office's clock). */
    at: string;
  };
};

export const gatePassModel: StreamModel<{ decided: boolean }, GatePassEvent> = {
  streamType: 'gate-pass',
  streamId: (passId) => `gate-pass-${passId}`,
  initial: { decided: false },
  evolve: () => ({ decided: true }),
};
