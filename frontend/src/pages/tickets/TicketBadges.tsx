import type { TicketSource, TicketStatus } from '@rfid/contracts';
import { StateBadge, type BadgeLook } from '../../components/StateBadge';

/**
 * The badge colours: each order flow code its own (NEW blue, PREPARING yellow, PREPARED green, DOING
 * solid blue, DONE grey), the approval states of an export ticket theirs (awaiting: solid yellow,
 * approved: solid green, cancelled: red).
 */
const STATUS_BADGES: Record<TicketStatus, BadgeLook> = {
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
const SOURCE_BADGES: Record<TicketSource, BadgeLook> = { SUPPLIER: { minimal: true, className: 'source-supplier' }, INTERNAL: { minimal: true, className: 'source-internal' } };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StateBadge value={status} looks={STATUS_BADGES} labelPrefix="tickets.status" name="status" className="ticket-status" />;
}

export function TicketSourceBadge({ source }: { source: TicketSource }) {
  return <StateBadge value={source} looks={SOURCE_BADGES} labelPrefix="tickets.source" name="source" round={false} />;
}
