import type { PassDecision, PassDirection } from '@rfid/contracts';
import { StateBadge, type BadgeLook } from '../../components/StateBadge';

/** The decision's colours: an alert red and solid, a pass a ticket allowed green, a recorded one blue, the rest grey. */
const DECISION_BADGES: Record<PassDecision, BadgeLook> = {
  ALLOWED: { intent: 'success', minimal: true },
  ALERT: { intent: 'danger', minimal: false },
  RECORDED: { intent: 'primary', minimal: true },
  NOT_CHECKED: { intent: 'none', minimal: true },
  IGNORED: { intent: 'none', minimal: true },
};

export function DecisionTag({ decision }: { decision: PassDecision }) {
  return <StateBadge value={decision} looks={DECISION_BADGES} labelPrefix="gate_history.decision" name="decision" />;
}

/** Out and in each with its arrow; a way not told with a question mark. */
const DIRECTION_BADGES: Record<PassDirection, BadgeLook> = { OUT: { minimal: true, icon: 'log-out' }, IN: { minimal: true, icon: 'log-in' }, UNKNOWN: { minimal: true, icon: 'help' } };

export function DirectionTag({ direction }: { direction: PassDirection }) {
  return <StateBadge value={direction} looks={DIRECTION_BADGES} labelPrefix="gate_history.direction" name="direction" round={false} />;
}
