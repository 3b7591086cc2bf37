import { Tag, type Intent } from '@blueprintjs/core';
import type { StocktakeStatus } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

/** The status colours: a new stocktake green, one counting yellow, a closed one red. */
const STATUS_INTENTS: Record<StocktakeStatus, Intent> = {
  CREATE: 'success',
  INVENTORIZING: 'warning',
  CLOSED: 'danger',
};

export function StocktakeStatusTag({ status }: { status: StocktakeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag round intent={STATUS_INTENTS[status]} data-status={status}>
      {t(`stocktake.status_${status}`)}
    </Tag>
  );
}
