import { Tag, type IconName, type Intent } from '@blueprintjs/core';
import type { PassDecision, PassDirection } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

/** The decision's colours: an alert red and solid, a pass a ticket allowed green, a recorded one blue, the rest grey. */
const DECISION_BADGES: Record<PassDecision, { intent: Intent; minimal: boolean }> = {
  ALLOWED: { intent: 'success', minimal: true },
  ALERT: { intent: 'danger', minimal: false },
  RECORDED: { intent: 'primary', minimal: true },
  NOT_CHECKED: { intent: 'none', minimal: true },
  IGNORED: { intent: 'none', minimal: true },
};

export function DecisionTag({ decision }: { decision: PassDecision }) {
  const { t } = useTranslation();
  const badge = DECISION_BADGES[decision];
  return (
    <Tag round intent={badge.intent} minimal={badge.minimal} data-decision={decision}>
      {t(`gate_history.decision_${decision}`)}
    </Tag>
  );
}

const DIRECTION_ICONS: Record<PassDirection, IconName> = { OUT: 'log-out', IN: 'log-in', UNKNOWN: 'help' };

export function DirectionTag({ direction }: { direction: PassDirection }) {
  const { t } = useTranslation();
  return (
    <Tag minimal icon={DIRECTION_ICONS[direction]} data-direction={direction}>
      {t(`gate_history.direction_${direction}`)}
    </Tag>
  );
}
