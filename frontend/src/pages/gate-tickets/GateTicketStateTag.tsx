import { Tag, type Intent } from '@blueprintjs/core';
import type { GateTicketState } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

/** A new ticket blue, an approved one solid green (its items may pass), a canceled one red. */
const STATE_BADGES: Record<GateTicketState, { intent: Intent; minimal: boolean }> = {
  CREATED: { intent: 'primary', minimal: true },
  APPROVED: { intent: 'success', minimal: false },
  CANCELED: { intent: 'danger', minimal: true },
};

export function GateTicketStateTag({ state }: { state: GateTicketState }) {
  const { t } = useTranslation();
  const badge = STATE_BADGES[state];
  return (
    <Tag round intent={badge.intent} minimal={badge.minimal} data-state={state}>
      {t(`gate_tickets.state_${state}`)}
    </Tag>
  );
}
