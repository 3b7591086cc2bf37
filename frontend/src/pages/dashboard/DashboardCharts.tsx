import { Card } from '@blueprintjs/core';
import type { DashboardView } from '@rfid/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSettings } from '../../settings/display-settings';
import { FIGURE_LINKS } from './dashboard-links';

/** Blueprint's palette: readable on the light and the dark background alike. */
const SERIES_COLOURS = ['#2D72D2', '#CD4246', '#238551', '#C87619', '#7961DB', '#147EB3', '#D33D17', '#29A634'];

/** "24/11": the day of a chart's axis, as the screens write dates. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The dashboard's charts over its days (loaded in a chunk of their own: the chart library is the
 * biggest part of the dashboard, and the figures show without it). Each chart's title opens the list
 * behind it for the same days.
 */
export default function DashboardCharts({ data }: { data: DashboardView }) {
  const { t } = useTranslation();
  const { isDarkMode } = useSettings();
  const { days, series } = data;
  const [from, to] = [days[0]!, days[days.length - 1]!];
  const ink = isDarkMode ? '#C5CBD3' : '#404854';
  const grid = isDarkMode ? '#383E47' : '#DCE0E5';
  const rows = (columns: Record<string, number[] | undefined>) => days.map((day, i) => ({ day: dayLabel(day), ...Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, v?.[i] ?? 0])) }));
  const axes = (
    <>
      <CartesianGrid stroke={grid} strokeDasharray="3 3" />
      <XAxis dataKey="day" stroke={ink} tick={{ fill: ink, fontSize: 12 }} />
      <YAxis allowDecimals={false} stroke={ink} tick={{ fill: ink, fontSize: 12 }} width={40} />
      <Tooltip contentStyle={{ background: isDarkMode ? '#252A31' : '#FFFFFF', borderColor: grid, color: ink }} />
      <Legend wrapperStyle={{ color: ink }} />
    </>
  );
  const charts: ReactNode[] = [];
  if (series.links || series.unlinks) {
    charts.push(
      <ChartCard key="links" title={t('dashboard.chart_links')} to={series.links ? FIGURE_LINKS.links(days.length) : FIGURE_LINKS.unlinks(days.length)} testId="chart-links">
        <BarChart data={rows({ links: series.links, unlinks: series.unlinks })}>
          {axes}
          {series.links && <Bar dataKey="links" name={t('dashboard.links')} fill={SERIES_COLOURS[0]} isAnimationActive={false} />}
          {series.unlinks && <Bar dataKey="unlinks" name={t('dashboard.unlinks')} fill={SERIES_COLOURS[3]} isAnimationActive={false} />}
        </BarChart>
      </ChartCard>,
    );
  }
  if (series.alertsByGate) {
    const gates = series.alertsByGate;
    charts.push(
      <ChartCard key="alerts" title={t('dashboard.chart_alerts')} to={FIGURE_LINKS.alerts(from, to)} testId="chart-alerts" empty={gates.length === 0}>
        <BarChart data={rows(Object.fromEntries(gates.map((g, i) => [`g${i}`, g.counts])))}>
          {axes}
          {gates.map((g, i) => (
            <Bar key={g.gateId ?? i} dataKey={`g${i}`} name={g.gateName ?? t('dashboard.no_gate')} stackId="alerts" fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartCard>,
    );
  }
  if (series.stockIn && series.stockOut) {
    charts.push(
      <ChartCard key="stock" title={t('dashboard.chart_stock')} to={FIGURE_LINKS.stock(from, to)} testId="chart-stock">
        <BarChart data={rows({ stockIn: series.stockIn, stockOut: series.stockOut })}>
          {axes}
          <Bar dataKey="stockIn" name={t('dashboard.stock_in')} fill={SERIES_COLOURS[2]} isAnimationActive={false} />
          <Bar dataKey="stockOut" name={t('dashboard.stock_out')} fill={SERIES_COLOURS[1]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>,
    );
  }
  if (series.ticketsCreated && series.ticketsClosed) {
    charts.push(
      <ChartCard key="tickets" title={t('dashboard.chart_tickets')} to={FIGURE_LINKS.tickets(data.tickets?.IMPORT ? 'IMPORT' : 'EXPORT')} testId="chart-tickets">
        <LineChart data={rows({ created: series.ticketsCreated, closed: series.ticketsClosed })}>
          {axes}
          <Line dataKey="created" name={t('dashboard.tickets_created')} stroke={SERIES_COLOURS[5]} strokeWidth={2} isAnimationActive={false} />
          <Line dataKey="closed" name={t('dashboard.tickets_closed')} stroke={SERIES_COLOURS[4]} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ChartCard>,
    );
  }
  return <div className="dashboard-charts">{charts}</div>;
}

function ChartCard({ title, to, testId, empty, children }: { title: string; to: string; testId: string; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className="chart-card" elevation={1} data-testid={testId}>
      <h3>
        <Link to={to}>{title}</Link>
      </h3>
      {empty ? (
        <p className="muted chart-empty">{t('dashboard.chart_empty')}</p>
      ) : (
        <div className="chart-box">
          <ResponsiveContainer width="100%" height="100%">
            {children as never}
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
