import { Button, ButtonGroup, Callout, Card, HTMLTable, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { API, DASHBOARD_SPANS, REALTIME_EVENTS, TAG_STATES, TICKET_STATUSES, type DashboardSpan, type DashboardView, type DeviceStatusPush, type TicketDirection } from '@rfid/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { withQuery } from '../api/client';
import { usePageTitle } from '../app/page-title';
import { usePush } from '../app/realtime';
import { stocktakePath } from '../app/route-table';
import { useAuth } from '../auth/auth-context';
import { GateItemLabel } from '../components/GateItemLabel';
import { PageHeader } from '../components/PageHeader';
import { useThrottle } from '../components/use-throttle';
import { formatDateTime, formatNumber } from '../i18n/format';
import { ConnectionWatch } from './dashboard/connection-watch';
import { FIGURE_LINKS } from './dashboard/dashboard-links';
import { FigureCard, SubFigure } from './dashboard/FigureCard';
import { useWallScreen } from './dashboard/wall-screen';

const DashboardCharts = lazy(() => import('./dashboard/DashboardCharts'));

/** Pushes are folded into one reading of the dashboard per this many ms: a busy gate does not flood it. */
const REFRESH_EVERY_MS = 500;
/** Without pushes (a socket that reconnects), the dashboard is read again this often. */
const FALLBACK_REFRESH_MS = 60_000;

/**
 * The dashboard (DASHBOARD): the figures of now and of today, charts over 7 or 30 days and the latest
 * passes and alerts, each part only when the user may open the list behind it (the API leaves the
 * others out), each figure a link to that list. Live: a pass, an alert, a reader's connection, a
 * stocktake's or a ticket's progress reads it again at once. `?wall=1` is the wall screen.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle('menu.dashboard');
  const { me } = useAuth();
  const [params, setParams] = useSearchParams();
  const span: DashboardSpan = Number(params.get('days')) === 30 ? 30 : 7;
  const wall = useWallScreen();
  const key = withQuery(API.dashboard.get.path, { days: span });
  const { data, error, mutate } = useSWR<DashboardView>(key, { keepPreviousData: true, refreshInterval: FALLBACK_REFRESH_MS });
  const refresh = useThrottle(() => void mutate(), REFRESH_EVERY_MS);

  const connections = useRef(new ConnectionWatch());
  useEffect(() => connections.current.read(data?.readers), [data]);
  const onDeviceStatus = useCallback((push: DeviceStatusPush) => connections.current.changed(push) && refresh(), [refresh]);
  usePush(REALTIME_EVENTS.GATE_PASS, refresh);
  usePush(REALTIME_EVENTS.ALERT, refresh);
  usePush(REALTIME_EVENTS.STOCKTAKE_PROGRESS, refresh);
  usePush(REALTIME_EVENTS.TICKET_PROGRESS, refresh);
  usePush(REALTIME_EVENTS.DEVICE_STATUS, onDeviceStatus);

  const setSpan = (days: DashboardSpan) => setParams((p) => (p.set('days', String(days)), p), { replace: true });

  return (
    <div className={`dashboard${wall.on ? ' dashboard-wall' : ''}`} data-testid="dashboard">
      <PageHeader title={t('dashboard.greeting', { name: me?.user.fullName ?? '' })}>
        <ButtonGroup>
          {DASHBOARD_SPANS.map((d) => (
            // the range shown is filled with the primary colour: plain "active" is barely visible in the dark theme
            <Button key={d} active={span === d} intent={span === d ? 'primary' : 'none'} aria-pressed={span === d} onClick={() => setSpan(d)} data-testid={`span-${d}`} text={t('dashboard.last_days', { count: d })} />
          ))}
        </ButtonGroup>
        {wall.on ? (
          <Button icon="minimize" onClick={wall.leave} text={t('dashboard.wall_leave')} data-testid="wall-leave" />
        ) : (
          <Button icon="desktop" onClick={wall.enter} text={t('dashboard.wall')} data-testid="wall-enter" />
        )}
      </PageHeader>
      {error && !data && <Callout intent="danger">{t('an_error_occurred')}</Callout>}
      {!data && !error && <Spinner />}
      {data && <Dashboard data={data} />}
    </div>
  );
}

function Dashboard({ data }: { data: DashboardView }) {
  const { t } = useTranslation();
  const today = data.days[data.days.length - 1]!;
  const span = data.days.length;
  const nothing = !data.samples && !data.tags && !data.readers && !data.tickets && !data.stocktakes && data.activeAlerts === undefined && Object.keys(data.today).length === 0;
  if (nothing) return <NonIdealState icon="dashboard" title={t('dashboard.nothing')} description={t('dashboard.nothing_detail')} />;
  return (
    <>
      <p className="muted dashboard-at" data-testid="dashboard-at">
        {t('dashboard.updated_at', { time: formatDateTime(data.at) })}
      </p>
      <section className="figure-grid" aria-label={t('dashboard.now')}>
        {data.samples && (
          <FigureCard label={t('dashboard.samples')} value={data.samples.total} to={FIGURE_LINKS.samples()} icon="cube" testId="fig-samples">
            <SubFigure label={t('dashboard.samples_linked')} value={data.samples.linked} to={FIGURE_LINKS.samplesLinked()} testId="fig-samples-linked" />
            {data.samples.out !== null && <SubFigure label={t('dashboard.samples_out')} value={data.samples.out} to={FIGURE_LINKS.samplesOut()} testId="fig-samples-out" />}
            <SubFigure label={t('dashboard.samples_missing')} value={data.samples.missing} to={FIGURE_LINKS.samplesMissing()} testId="fig-samples-missing" />
          </FigureCard>
        )}
        {data.tags && (
          <FigureCard label={t('dashboard.tags')} value={TAG_STATES.reduce((n, s) => n + data.tags!.byState[s], 0)} to={FIGURE_LINKS.tags()} icon="tag" testId="fig-tags">
            {TAG_STATES.map((s) => (
              <SubFigure key={s} label={t(`rfid.state_${s}`)} value={data.tags!.byState[s]} to={FIGURE_LINKS.tags(s)} testId={`fig-tags-${s}`} />
            ))}
            <SubFigure label={t('dashboard.tags_locked')} value={data.tags.locked} to={FIGURE_LINKS.tagsLocked()} testId="fig-tags-locked" />
          </FigureCard>
        )}
        {data.readers && (
          <FigureCard
            label={t('dashboard.readers_online')}
            value={data.readers.online}
            to={FIGURE_LINKS.readers('CONNECTED')}
            icon="satellite"
            intent={data.readers.offline.length ? 'warning' : undefined}
            testId="fig-readers"
          >
            <SubFigure label={t('dashboard.readers_offline')} value={data.readers.offline.length} to={FIGURE_LINKS.readers('DISCONNECTED')} testId="fig-readers-offline" />
            {data.readers.offline.slice(0, 5).map((r) => (
              <Link key={r.id} to={FIGURE_LINKS.reader(r.code)} className="offline-reader" data-testid="offline-reader">
                <Icon icon="offline" size={12} /> {r.name} ({r.code})
              </Link>
            ))}
            {data.readers.offline.length > 5 && <span className="muted">{t('dashboard.and_more', { count: data.readers.offline.length - 5 })}</span>}
          </FigureCard>
        )}
        {data.activeAlerts !== undefined && (
          <FigureCard
            label={t('dashboard.active_alerts')}
            value={data.activeAlerts}
            to={FIGURE_LINKS.alertsActive()}
            icon="warning-sign"
            intent={data.activeAlerts ? 'danger' : undefined}
            testId="fig-active-alerts"
          />
        )}
        {(['IMPORT', 'EXPORT'] as TicketDirection[]).map((direction) => {
          const counts = data.tickets?.[direction];
          if (!counts) return null;
          const open = TICKET_STATUSES.filter((s) => counts[s]);
          return (
            <FigureCard
              key={direction}
              label={t(direction === 'IMPORT' ? 'dashboard.open_imports' : 'dashboard.open_exports')}
              value={open.reduce((n, s) => n + counts[s]!, 0)}
              to={FIGURE_LINKS.tickets(direction)}
              icon={direction === 'IMPORT' ? 'import' : 'export'}
              testId={`fig-tickets-${direction}`}
            >
              {open.map((s) => (
                <SubFigure key={s} label={t(`tickets.status_${s}`)} value={counts[s]!} to={FIGURE_LINKS.tickets(direction, s)} testId={`fig-tickets-${direction}-${s}`} />
              ))}
            </FigureCard>
          );
        })}
      </section>
      {data.stocktakes && (
        <Card className="stocktakes-card" elevation={1} data-testid="fig-stocktakes">
          <h3>
            <Link to={FIGURE_LINKS.stocktakesCounting()}>{t('dashboard.stocktakes_counting', { count: data.stocktakes.length })}</Link>
          </h3>
          {data.stocktakes.length === 0 && <p className="muted">{t('dashboard.no_stocktake')}</p>}
          {data.stocktakes.map((s) => {
            const progress = s.expected ? Math.min(1, s.found / s.expected) : 0;
            return (
              <Link key={s.id} to={stocktakePath(s.id)} className="stocktake-progress" data-testid="stocktake-progress">
                <span className="stocktake-name">
                  {s.code} · {s.name}
                </span>
                <span className="progress-track">
                  <span className="progress-fill" style={{ width: `${Math.round(progress * 100)}%` }} />
                </span>
                <span className="muted">
                  {t('dashboard.stocktake_progress', { found: formatNumber(s.found), expected: formatNumber(s.expected), abnormal: formatNumber(s.abnormal) })}
                </span>
              </Link>
            );
          })}
        </Card>
      )}
      {Object.keys(data.today).length > 0 && (
        <section className="figure-grid today-grid" aria-label={t('dashboard.today')}>
          <h2 className="grid-title">{t('dashboard.today')}</h2>
          {data.today.gatePasses !== undefined && <FigureCard label={t('dashboard.today_passes')} value={data.today.gatePasses} to={FIGURE_LINKS.gatePasses(today, today)} icon="walk" testId="fig-today-passes" />}
          {data.today.alerts !== undefined && <FigureCard label={t('dashboard.today_alerts')} value={data.today.alerts} to={FIGURE_LINKS.alerts(today, today)} icon="warning-sign" testId="fig-today-alerts" />}
          {data.today.links !== undefined && <FigureCard label={t('dashboard.today_links')} value={data.today.links} to={FIGURE_LINKS.links(1)} icon="link" testId="fig-today-links" />}
          {data.today.unlinks !== undefined && <FigureCard label={t('dashboard.today_unlinks')} value={data.today.unlinks} to={FIGURE_LINKS.unlinks(1)} icon="unlink" testId="fig-today-unlinks" />}
          {data.today.ticketsClosed !== undefined && (
            <FigureCard label={t('dashboard.today_tickets_closed')} value={data.today.ticketsClosed} to={FIGURE_LINKS.tickets(data.tickets?.IMPORT ? 'IMPORT' : 'EXPORT', 'CLOSED')} icon="tick-circle" testId="fig-today-closed" />
          )}
        </section>
      )}
      {Object.keys(data.series).length > 0 && (
        <Suspense fallback={<Spinner className="charts-spinner" />}>
          <DashboardCharts data={data} key={span} />
        </Suspense>
      )}
      <LiveStrip data={data} />
    </>
  );
}

/** The latest passes and alerts, newest first: the strip a guard watches. */
function LiveStrip({ data }: { data: DashboardView }) {
  const { t } = useTranslation();
  const { passes, alerts } = data.latest;
  if (!passes && !alerts) return null;
  return (
    <div className="live-strip">
      {passes && (
        <LiveCard title={t('dashboard.latest_passes')} rows={passes} testId="latest-passes" rowTestId="latest-pass">
          {(p) => [
            formatDateTime(p.at),
            p.gateName,
            t(`gate_history.direction_${p.direction}`),
            <GateItemLabel item={p.item} />,
            <Tag minimal intent={p.decision === 'ALERT' ? 'danger' : p.decision === 'ALLOWED' ? 'success' : 'none'}>{t(`gate_history.decision_${p.decision}`)}</Tag>,
          ]}
        </LiveCard>
      )}
      {alerts && (
        <LiveCard title={t('dashboard.latest_alerts')} rows={alerts} testId="latest-alerts" rowTestId="latest-alert">
          {(a) => [
            formatDateTime(a.at),
            t(`alerts.kind_${a.kind}`),
            a.gateName ?? a.subject?.code ?? '',
            a.item ? <GateItemLabel item={a.item} /> : (a.epc ?? ''),
            <Tag minimal intent={a.state === 'ACTIVE' ? 'danger' : 'none'}>{t(`alerts.state_${a.state}`)}</Tag>,
          ]}
        </LiveCard>
      )}
    </div>
  );
}

/** A card of the live strip: its rows, one cell per column, or "no data". */
function LiveCard<T extends { id: string }>(props: { title: string; rows: T[]; testId: string; rowTestId: string; children: (row: T) => ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <Card elevation={1} data-testid={props.testId}>
      <h3>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className="muted">{t('common.no_data')}</p>
      ) : (
        <HTMLTable compact className="live-table">
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.id} data-testid={props.rowTestId}>
                {props.children(row).map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
