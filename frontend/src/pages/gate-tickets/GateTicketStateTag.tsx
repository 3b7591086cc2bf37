import type { GateTicketState } from '@rfid/contracts';
import { StateBadge, type BadgeLook } from '../../components/StateBadge';

/** A new ticket blue, an approved one solid green (its items may pass), a canceled one red. */
const STATE_BADGES: Record<GateTicketState, BadgeLook> = {
  CREATED: { intent: 'primary', minimal: true },
  APPROVED: { intent: 'success', minimal: false },
  CANCELED: { intent: 'danger', minimal: true },
};

export function GateTicketStateTag({ state }: { state: GateTicketState }) {
  return <StateBadge value={state} looks={STATE_BADGES} labelPrefix="gate_tickets.state" name="state" />;
}
