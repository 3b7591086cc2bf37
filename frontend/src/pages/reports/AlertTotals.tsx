import { Card, HTMLTable } from '@blueprintjs/core';
import type { AlertReportResponse } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

type Totals = AlertReportResponse['totals'];

/** A day of the totals (YYYY-MM-DD, the asker's time zone) as the screens show days: DD/MM/YYYY. */
export const dayLabel = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('/') : day);

function TotalCard({ labelKey, value, testId }: { labelKey: string; value: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card className="total-card" data-testid={testId}>
      <div className="total-value">{formatNumber(value)}</div>
      <div className="muted">{t(labelKey)}</div>
    </Card>
  );
}

/** The alert report's totals over every alert of the filter: all, active and disabled, then per gate and per day. */
export function AlertTotals({ totals }: { totals: Totals | undefined }) {
  const { t } = useTranslation();
  if (!totals) return null;
  return (
    <div className="alert-totals" data-testid="alert-totals">
      <div className="total-cards">
        <TotalCard labelKey="alert_report.total_all" value={totals.all} testId="total-all" />
        <TotalCard labelKey="alert_report.total_active" value={totals.active} testId="total-active" />
        <TotalCard labelKey="alert_report.total_disabled" value={totals.disabled} testId="total-disabled" />
      </div>
      <Card className="totals-table">
        <h3>{t('alert_report.by_gate')}</h3>
        <HTMLTable compact striped data-testid="totals-by-gate">
          <thead>
            <tr>
              <th>{t('gate.gate')}</th>
              <th className="num">{t('alert_report.count')}</th>
              <th className="num">{t('alert_report.active')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.byGate.map((g) => (
              <tr key={g.gateId ?? 'none'}>
                <td>{g.gateName ? `${g.gateName} (${g.gateCode})` : <span className="muted">{t('alert_report.no_gate')}</span>}</td>
                <td className="num">{formatNumber(g.total)}</td>
                <td className="num">{formatNumber(g.active)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <Card className="totals-table">
        <h3>{t('alert_report.by_day')}</h3>
        <HTMLTable compact striped data-testid="totals-by-day">
          <thead>
            <tr>
              <th>{t('alert_report.day')}</th>
              <th className="num">{t('alert_report.count')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.byDay.map((d) => (
              <tr key={d.day}>
                <td>{dayLabel(d.day)}</td>
                <td className="num">{formatNumber(d.total)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}
