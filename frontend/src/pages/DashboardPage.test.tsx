import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, REALTIME_EVENTS, type DashboardView } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../testing/app-harness';
import { fakeApi } from '../testing/fake-api';
import { fakeRealtime } from '../testing/fake-realtime';
import DashboardPage from './DashboardPage';

const READER = '00000000-0000-4000-8000-000000000051';
const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];

/** A dashboard as the API answers a user who may see the samples, the readers and the gate history (no alerts, no charts). */
const VIEW: DashboardView = {
  at: '2026-11-24T03:00:00.000Z',
  days: DAYS,
  samples: { total: 1234, linked: 1000, out: 12, missing: 3 },
  readers: { online: 4, offline: [{ id: READER, code: 'HH-07', name: 'Máy cầm tay 7', since: null }] },
  today: { gatePasses: 57 },
  series: {},
  latest: { passes: [] },
};

function renderDashboard(view: DashboardView = VIEW) {
  signedInAs([P.DASHBOARD]);
  const api = fakeApi({ 'GET /dashboard': () => view });
  const realtime = fakeRealtime();
  renderInApp(realtime.wrap(<DashboardPage />));
  const reads = () => api.calls.filter((c) => c.path === '/dashboard').length;
  return { api, realtime, reads };
}

describe('the dashboard', () => {
  it('shows the parts the API answers, each figure a link to the list it counts; no part the user may not see', async () => {
    renderDashboard();
    const samples = await screen.findByTestId('fig-samples');
    expect(within(samples).getByTestId('fig-samples-value').textContent).toBe('1,234');
    expect(within(samples).getByRole('link', { name: /with a tag/ }).getAttribute('href')).toBe('/sample-management/sample-list?linked=true');
    expect(within(samples).getByRole('link', { name: /missing/ }).getAttribute('href')).toBe('/sample-management/sample-list?missing=true');
    expect(within(screen.getByTestId('fig-readers')).getByRole('link', { name: /offline/ }).getAttribute('href')).toBe('/security-gate/configuration?connection=DISCONNECTED');
    expect(screen.getByTestId('offline-reader').textContent).toContain('Máy cầm tay 7 (HH-07)');
    expect(within(screen.getByTestId('fig-today-passes')).getByRole('link').getAttribute('href')).toBe('/security-gate/logs?from=2026-11-24&to=2026-11-24');
    for (const absent of ['fig-tags', 'fig-active-alerts', 'fig-tickets-IMPORT', 'fig-stocktakes', 'latest-alerts', 'fig-today-alerts']) expect(screen.queryByTestId(absent)).toBeNull();
    expect(document.querySelector('a[href^="/report/alert-report"]')).toBeNull();
  });

  it('reads itself again on a pass and on a reader whose connection changed', async () => {
    const { realtime, reads } = renderDashboard();
    await screen.findByTestId('fig-samples');
    expect(reads()).toBe(1);
    realtime.push(REALTIME_EVENTS.DEVICE_STATUS, { readerId: READER, code: 'HH-07', live: { connection: 'CONNECTED' } });
    await waitFor(() => expect(reads()).toBe(2));
    realtime.push(REALTIME_EVENTS.GATE_PASS, {});
    // after the throttle's pause
    await waitFor(() => expect(reads()).toBe(3));
  });

  it('asks for 30 days when chosen, and says so in the address', async () => {
    const user = userEvent.setup();
    const { api } = renderDashboard();
    await screen.findByTestId('fig-samples');
    await user.click(screen.getByTestId('span-30'));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('days')).toBe('30'));
    expect(screen.getByTestId('location').textContent).toBe('/?days=30');
  });

  it('tells a user whose permissions give no figure that there is nothing to show', async () => {
    renderDashboard({ at: VIEW.at, days: DAYS, today: {}, series: {}, latest: {} });
    expect(await screen.findByText('Nothing to show')).toBeTruthy();
  });
});
