import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { GatePassEvent } from '../gates.events.js';

export const gatePassModel: StreamModel<{ decided: boolean }, GatePassEvent> = {
  streamType: 'gate-pass',
  streamId: (passId) => `gate-pass-${passId}`,
  initial: { decided: false },
  evolve: () => ({ decided: true }),
};
