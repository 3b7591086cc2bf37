import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, apiPath, P, REALTIME_EVENTS, type AlertView, type GatePassListResponse, type GatePassView } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import GateHistoryPage from './GateHistoryPage';

const ALERT_ID = '00000000-0000-4000-8000-0000000000c1';

/** Pass number `n` at gate A, out, of a sample, at `minute` past 08:00 on 1 June 2025. */
function pass(n: number, overrides: Partial<GatePassView> = {}): GatePassView {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: new Date(2025, 5, 1, 8, n).toISOString(),
    gateId: '00000000-0000-4000-8000-0000000000d1',
    gateCode: 'GATE-A',
    gateName: 'Gate A',
    antenna: 1,
    direction: 'OUT',
    epc: `E2801160600002090000000${n}`,
    item: { kind: 'SAMPLE', id: '00000000-0000-4000-8000-0000000000e1', code: `SP000${n}`, name: 'Red shoe' },
    decision: 'ALLOWED',
    permit: { kind: 'GATE_TICKET', id: '00000000-0000-4000-8000-0000000000f1', code: 'GT000001' },
    alertId: null,
    ...overrides,
  };
}
const listOf = (data: GatePassView[], total = data.length): GatePassListResponse => ({ data, total, page: 1, size: 10 });
const newAlert = pass(9, { decision: 'ALERT', permit: null, alertId: ALERT_ID });

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/gate-passes').length;
const rowOf = (epc: string) => screen.getByText(epc).closest('tr')!;

function renderPage(url: string, list: () => GatePassListResponse) {
  const me = signedInAs([P.SECURITY_GATE_LOG_LIST]);
  // the tag column shown (it starts hidden): the rows are found by their tags
  localStorage.setItem(`rfid.columns.${me.user.id}.${apiPath(API.gatePasses.list)}`, '[]');
  const api = fakeApi({ 'GET /gate-passes': list, [`GET /alerts/${ALERT_ID}`]: (): AlertView => alertOf(newAlert) });
  const realtime = fakeRealtime();
  renderInApp(realtime.wrap(<GateHistoryPage />), url);
  return { api, realtime };
}

function alertOf(p: GatePassView): AlertView {
  return {
    id: ALERT_ID,
    kind: 'GATE',
    state: 'ACTIVE',
    at: p.at,
    gateId: p.gateId,
    gateCode: p.gateCode,
    gateName: p.gateName,
    readerHostName: 'gate-a.local',
    antenna: 1,
    epc: p.epc,
    item: p.item,
    subject: null,
    alarmOn: true,
    alarmOffBy: null,
    alarmOffAt: null,
    disabledBy: null,
    disabledAt: null,
    disableReason: null,
  };
}

describe('the gate history', () => {
  it('a gate:pass push puts the pass on top of the first page without asking the server; an alert row is marked; a repeat changes nothing', async () => {
    const { api, realtime } = renderPage(PATHS.gateHistory, () => listOf([pass(2), pass(1)]));
    await screen.findByText(pass(2).epc);
    expect(screen.getByTestId('list-total').textContent).toBe('2 records');
    const asked = listCalls(api.calls);
    expect(api.calls[0]!.query.get('sort')).toBe('at:desc');

    expect(realtime.push(REALTIME_EVENTS.GATE_PASS, newAlert)).toBe(1);
    await screen.findByText(newAlert.epc);
    const rows = [...document.querySelectorAll('.list-table tbody tr')];
    expect(rows.map((tr) => within(tr as HTMLElement).queryByText(/^E280/)?.textContent)).toEqual([newAlert.epc, pass(2).epc, pass(1).epc]);
    expect(rowOf(newAlert.epc).classList.contains('arrived-alert-row')).toBe(true);
    expect(rowOf(pass(2).epc).classList.contains('arrived-row')).toBe(false);
    expect(rowOf(newAlert.epc).querySelector('[data-decision]')?.textContent).toBe('Alert');
    expect(screen.getByTestId('list-total').textContent).toBe('3 records');

    realtime.push(REALTIME_EVENTS.GATE_PASS, newAlert);
    await waitFor(() => expect(document.querySelectorAll('.list-table tbody tr')).toHaveLength(3));
    expect(listCalls(api.calls)).toBe(asked);
  });

  it('an empty first page shows the empty state until a pass comes in', async () => {
    const { realtime } = renderPage(PATHS.gateHistory, () => listOf([]));
    await screen.findByText('No data available.');
    realtime.push(REALTIME_EVENTS.GATE_PASS, pass(3));
    await screen.findByText(pass(3).epc);
    expect(screen.queryByText('No data available.')).toBeNull();
    expect(rowOf(pass(3).epc).classList.contains('arrived-row')).toBe(true);
  });

  it('a page whose filters the pass does not meet stays as it is', async () => {
    const filtered = renderPage(`${PATHS.gateHistory}?decision=ALLOWED`, () => listOf([pass(1)]));
    await screen.findByText(pass(1).epc);
    expect(filtered.api.calls[0]!.query.get('decision')).toBe('ALLOWED');
    filtered.realtime.push(REALTIME_EVENTS.GATE_PASS, newAlert);
    filtered.realtime.push(REALTIME_EVENTS.GATE_PASS, pass(4));
    await screen.findByText(pass(4).epc);
    expect(screen.queryByText(newAlert.epc)).toBeNull();
  });

  it('a later page is left alone: it is read anew when it is shown again', async () => {
    const later = renderPage(`${PATHS.gateHistory}?page=2`, () => ({ ...listOf([pass(1)], 11), page: 2 }));
    await screen.findByText(pass(1).epc);
    const calls = later.api.calls.length;
    expect(later.realtime.push(REALTIME_EVENTS.GATE_PASS, pass(5))).toBe(1);
    // pushes are taken in order: once a later push of a pass shown here has marked its row, whatever
    // the first one started (a change of the cached page, a read from the fake server) has shown
    later.realtime.push(REALTIME_EVENTS.GATE_PASS, pass(1));
    await waitFor(() => expect(rowOf(pass(1).epc).classList.contains('arrived-row')).toBe(true));
    expect(screen.queryByText(pass(5).epc)).toBeNull();
    expect(later.api.calls.length).toBe(calls);
  });

  it('a text search is asked again, not guessed', async () => {
    let answer = listOf([pass(1)]);
    const searched = renderPage(`${PATHS.gateHistory}?q=red`, () => answer);
    await screen.findByText(pass(1).epc);
    const asked = listCalls(searched.api.calls);
    answer = listOf([pass(6), pass(1)]);
    searched.realtime.push(REALTIME_EVENTS.GATE_PASS, pass(6));
    await screen.findByText(pass(6).epc);
    expect(listCalls(searched.api.calls)).toBe(asked + 1);
  });

  it("a pass's alert opens with the gate history's own permission", async () => {
    const user = userEvent.setup();
    renderPage(PATHS.gateHistory, () => listOf([newAlert]));
    await user.click(await screen.findByTestId('open-alert'));
    const details = await screen.findByTestId('alert-details');
    expect(within(details).getByText('gate-a.local')).toBeTruthy();
    expect(within(details).getByText('Gate alert')).toBeTruthy();
  });
});
