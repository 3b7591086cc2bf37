import { Tag, type Intent } from '@blueprintjs/core';
import type { TicketSource, TicketStatus } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The badge colours: each order flow code its own (NEW blue, PREPARING yellow, PREPARED green, DOING
 * solid blue, DONE grey), the approval states of an export ticket theirs (awaiting: solid yellow,
 * approved: solid green, cancelled: red).
 */
const STATUS_BADGES: Record<TicketStatus, { intent: Intent; minimal: boolean }> = {
  NEW: { intent: 'primary', minimal: true },
  PREPARING: { intent: 'warning', minimal: true },
  PREPARED: { intent: 'success', minimal: true },
  AWAITING_APPROVAL: { intent: 'warning', minimal: false },
  APPROVED: { intent: 'success', minimal: false },
  CANCELLED: { intent: 'danger', minimal: true },
  RECEIVING: { intent: 'primary', minimal: false },
  EXPORTING: { intent: 'primary', minimal: false },
  CLOSED: { intent: 'none', minimal: false },
};

/** The source's colours: a supplier's goods purple-blue, the sample room's own samples teal. */
const SOURCE_BADGES: Record<TicketSource, string> = { SUPPLIER: 'source-supplier', INTERNAL: 'source-internal' };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  const badge = STATUS_BADGES[status];
  return (
    <Tag round intent={badge.intent} minimal={badge.minimal} data-status={status} className="ticket-status">
      {t(`tickets.status_${status}`)}
    </Tag>
  );
}

export function TicketSourceBadge({ source }: { source: TicketSource }) {
  const { t } = useTranslation();
  return (
    <Tag minimal className={SOURCE_BADGES[source]} data-source={source}>
      {t(`tickets.source_${source}`)}
    </Tag>
  );
}
