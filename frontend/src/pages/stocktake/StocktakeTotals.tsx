import { Card } from '@blueprintjs/core';
import type { StocktakeTotals as Totals } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/** The totals in the order a counter reads them, each with the colour of what it says. */
const CARDS: readonly { key: keyof Totals; className?: string }[] = [
  { key: 'expected' },
  { key: 'found', className: 'total-found' },
  { key: 'missing', className: 'total-missing' },
  { key: 'abnormal', className: 'total-abnormal' },
  { key: 'ignored' },
  { key: 'scanned' },
];

/** A stocktake's totals as cards: expected, found, missing, abnormal, ignored, scanned (kept live by its pushes). */
export function StocktakeTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  return (
    <div className="stocktake-totals" data-testid="stocktake-totals">
      {CARDS.map((c) => (
        <Card key={c.key} className={['total-card', c.className].filter(Boolean).join(' ')} data-testid={`total-${c.key}`}>
          <div className="total-value">{formatNumber(totals[c.key])}</div>
          <div className="muted">{t(`stocktake.total_${c.key}`)}</div>
        </Card>
      ))}
    </div>
  );
}
