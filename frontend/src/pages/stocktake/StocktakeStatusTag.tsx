import type { StocktakeStatus } from '@rfid/contracts';
import { StateBadge, type BadgeLook } from '../../components/StateBadge';

/** The status colours: a new stocktake green, one counting yellow, a closed one red. */
const STATUS_BADGES: Record<StocktakeStatus, BadgeLook> = {
  CREATE: { intent: 'success' },
  INVENTORIZING: { intent: 'warning' },
  CLOSED: { intent: 'danger' },
};

export function StocktakeStatusTag({ status }: { status: StocktakeStatus }) {
  return <StateBadge value={status} looks={STATUS_BADGES} labelPrefix="stocktake.status" name="status" />;
}
