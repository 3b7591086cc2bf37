import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, apiPath, P, REALTIME_EVENTS, type BrokerInfo, type DeviceModePush, type DeviceStatusPush, type ListResponse, type ReaderView } from '@rfid/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import { readerView } from '../../testing/reader-fixtures';
import GateConfigurationPage from './GateConfigurationPage';

const gate = readerView();
const handheld = readerView({ id: '00000000-0000-4000-8000-0000000000b2', code: 'HH-07', name: 'Máy cầm tay', kind: 'HANDHELD', format: 'SIMPLE' });
const broker: BrokerInfo = { mode: 'embedded', urls: ['mqtt://10.0.0.5:1883', 'ws://10.0.0.5:3000/mqtt'], maxPayloadBytes: 256 * 1024 };
const page = (data: ReaderView[]): ListResponse<ReaderView> => ({ data, total: data.length, page: 1, size: 10 });

/** When the pushes below were sent: a test that reads relative times sets the clock to it ("now", not "1 second ago"). */
const SENT_AT = '2025-06-01T08:00:00.000Z';
const connected: DeviceStatusPush = {
  readerId: gate.id,
  code: gate.code,
  live: {
    connection: 'CONNECTED',
    connectionChangedAt: SENT_AT,
    lastHeartbeatAt: SENT_AT,
    lastMessageAt: SENT_AT,
    temperature: 41.5,
    readsPerSecond: 12.5,
    firmware: '3.21.7',
    scanning: true,
    sessions: 1,
  },
};

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/readers').length;
const rowOf = (code: string) => screen.getByText(code).closest('tr')!;
/** The row's cells under the named columns, as text. */
const cells = (code: string, ...columns: string[]) => {
  const headers = [...document.querySelectorAll('.list-table thead th')].map((th) => th.getAttribute('data-column'));
  const tds = [...rowOf(code).querySelectorAll('td')];
  return columns.map((c) => tds[headers.indexOf(c)]?.textContent);
};

describe('the gate configuration follows the device pushes', () => {
  afterEach(() => vi.useRealTimers());

  it("a reader's row takes its live state from a device:status push, without asking the server again; another reader's push leaves it be", async () => {
    // the clock stands still at the push's moment, however long the render takes; only Date is faked, the timers run
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(SENT_AT));
    const me = signedInAs([P.SECURITY_GATE_CONFIGURATION_LIST, P.SECURITY_GATE_CONFIGURATION_DETAIL]);
    // every column shown (the reads per second and the modes start hidden): the user chose so
    localStorage.setItem(`rfid.columns.${me.user.id}.${apiPath(API.readers.list)}`, '[]');
    const api = fakeApi({ 'GET /readers': () => page([gate, handheld]), 'GET /readers/broker': () => broker });
    const realtime = fakeRealtime();
    renderInApp(realtime.wrap(<GateConfigurationPage />), PATHS.gateConfiguration);
    await screen.findByText('GATE-01');
    expect(screen.getByTestId('broker').textContent).toContain('ws://10.0.0.5:3000/mqtt');
    expect(cells('GATE-01', 'connection', 'lastHeartbeat', 'temperature', 'scanning')).toEqual(['Disconnected', 'Never', '', 'Idle']);
    const asked = listCalls(api.calls);

    expect(realtime.push(REALTIME_EVENTS.DEVICE_STATUS, connected)).toBe(1);
    await waitFor(() => expect(cells('GATE-01', 'connection')).toEqual(['Connected']));
    expect(cells('GATE-01', 'lastHeartbeat', 'temperature', 'readsPerSecond', 'scanning')).toEqual(['now', '41.5 °C', '12.5', 'Scanning']);
    expect(within(rowOf('GATE-01')).getByTestId('connection').getAttribute('data-connection')).toBe('CONNECTED');
    expect(cells('HH-07', 'connection', 'scanning')).toEqual(['Disconnected', 'Idle']);

    const mode: DeviceModePush = { readerId: gate.id, code: gate.code, deviceMode: 'COUNTING', operatingMode: 'AUTOMATIC', switch: 'OFF' };
    realtime.push(REALTIME_EVENTS.DEVICE_MODE, mode);
    await waitFor(() => expect(cells('GATE-01', 'deviceMode', 'operatingMode', 'switch')).toEqual(['Counting', 'Automatic', 'Off']));
    realtime.push(REALTIME_EVENTS.DEVICE_STATUS, { ...connected, live: { ...connected.live, connection: 'DISCONNECTED', scanning: false } });
    await waitFor(() => expect(cells('GATE-01', 'connection', 'scanning')).toEqual(['Disconnected', 'Idle']));
    // the back-office's link to an external broker down: nothing is known of the reader
    realtime.push(REALTIME_EVENTS.DEVICE_STATUS, { ...connected, live: { ...connected.live, connection: 'UNKNOWN', scanning: false } });
    await waitFor(() => expect(cells('GATE-01', 'connection')).toEqual(['Unknown']));
    expect(within(rowOf('GATE-01')).getByTestId('connection').getAttribute('data-connection')).toBe('UNKNOWN');
    expect(listCalls(api.calls)).toBe(asked);
  });

  it('a list filtered by connection is asked again when a reader connects or disconnects, not on every push', async () => {
    signedInAs([P.SECURITY_GATE_CONFIGURATION_LIST]);
    let online: ReaderView[] = [];
    const api = fakeApi({ 'GET /readers': () => page(online), 'GET /readers/broker': () => broker });
    const realtime = fakeRealtime();
    renderInApp(realtime.wrap(<GateConfigurationPage />), `${PATHS.gateConfiguration}?connection=CONNECTED`);
    await screen.findByText('No data available.');
    expect(api.calls.find((c) => c.path === '/readers')!.query.get('connection')).toBe('CONNECTED');
    const asked = listCalls(api.calls);
    online = [{ ...gate, live: connected.live }];
    realtime.push(REALTIME_EVENTS.DEVICE_STATUS, connected);
    await screen.findByText('GATE-01');
    expect(listCalls(api.calls)).toBe(asked + 1);
    // a heartbeat of a reader still connected: its row changes in place
    realtime.push(REALTIME_EVENTS.DEVICE_STATUS, { ...connected, live: { ...connected.live, temperature: 50 } });
    await waitFor(() => expect(cells('GATE-01', 'temperature')).toEqual(['50 °C']));
    expect(listCalls(api.calls)).toBe(asked + 1);
  });

  it('the integration log (in no menu: SPEC keeps the system log alone there) opens from here, for whoever may read it', async () => {
    signedInAs([P.SECURITY_GATE_CONFIGURATION_LIST]);
    fakeApi({ 'GET /readers': () => page([gate]), 'GET /readers/broker': () => broker });
    const first = renderInApp(fakeRealtime().wrap(<GateConfigurationPage />), PATHS.gateConfiguration);
    await screen.findByText('GATE-01');
    expect(screen.queryByTestId('integration-log')).toBeNull();
    first.unmount();

    signedInAs([P.SECURITY_GATE_CONFIGURATION_LIST, P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST]);
    renderInApp(fakeRealtime().wrap(<GateConfigurationPage />), PATHS.gateConfiguration);
    await userEvent.click(await screen.findByTestId('integration-log'));
    expect(screen.getByTestId('location').textContent).toBe(PATHS.integrationLog);
  });
});
