import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, REALTIME_EVENTS, type CountingDetail, type CountingListResponse, type CountingView } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import { HANDHELD, ZONE_A } from '../../testing/stocktake-fixtures';
import CountingsPage from './CountingsPage';

/** Count number `n` by the handheld in zone A, still counting, with `tags` tags. */
function countingOf(n: number, tags: number, overrides: Partial<CountingView> = {}): CountingView {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    readerId: HANDHELD.id,
    readerCode: HANDHELD.code!,
    readerName: `${HANDHELD.name} #${n}`,
    userName: 'Lan Nguyen',
    zoneId: ZONE_A.id,
    zoneName: ZONE_A.name,
    startedAt: new Date(2025, 5, 1, 8, n).toISOString(),
    stoppedAt: null,
    tagCount: tags,
    samples: tags,
    products: 0,
    unknown: 0,
    ...overrides,
  };
}
const FIRST = countingOf(1, 3);
const rowOf = (c: CountingView) => screen.getByText(`${c.readerName} (${c.readerCode})`).closest('tr')!;

function renderPage() {
  signedInAs([P.STOCKTAKE_COUNTING_LIST]);
  const list: CountingListResponse = { data: [FIRST], total: 1, page: 1, size: 10 };
  const detail: CountingDetail = { ...FIRST, tags: [{ epc: 'E28011606000020900000001', kind: 'SAMPLE', itemId: null, code: 'SP0001', name: 'Red shoe', at: FIRST.startedAt }] };
  const api = fakeApi({ 'GET /countings': () => list, [`GET /countings/${FIRST.id}`]: () => detail });
  const realtime = fakeRealtime();
  renderInApp(realtime.wrap(<CountingsPage />), PATHS.counting);
  return { api, realtime };
}

describe('the quick counts', () => {
  it("a counting push updates its row and a new count comes on top, without asking the server; a row opens the count's tags", async () => {
    const user = userEvent.setup();
    const { api, realtime } = renderPage();
    await screen.findByText(`${FIRST.readerName} (${FIRST.readerCode})`);
    expect(within(rowOf(FIRST)).getByTestId('counting-open').textContent).toBe('counting…');
    const asked = api.calls.length;

    realtime.push(REALTIME_EVENTS.COUNTING, { ...FIRST, tagCount: 8, stoppedAt: '2025-06-01T02:00:00.000Z' });
    await waitFor(() => expect(within(rowOf(FIRST)).getByTestId('counting-tag-count').textContent).toBe('8'));
    expect(within(rowOf(FIRST)).queryByTestId('counting-open')).toBeNull();
    const second = countingOf(2, 1);
    realtime.push(REALTIME_EVENTS.COUNTING, second);
    await waitFor(() => expect(document.querySelectorAll('.list-table tbody tr')).toHaveLength(2));
    expect(rowOf(second).classList.contains('arrived-row')).toBe(true);
    expect(screen.getByTestId('list-total').textContent).toBe('2 records');
    expect(api.calls.length).toBe(asked);

    await user.click(within(rowOf(FIRST)).getByTestId('view-counting'));
    const drawer = await screen.findByTestId('counting-drawer');
    expect(await within(drawer).findByText('SP0001')).toBeTruthy();
    expect(within(drawer).getByText('1 tag')).toBeTruthy();
  });
});
