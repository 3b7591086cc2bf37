import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, REALTIME_EVENTS, type StocktakeDetail, type StocktakeLineResponse, type StocktakeProgressPush } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS, stocktakePath } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import { MISPLACED, stocktakeOf, TOTALS } from '../../testing/stocktake-fixtures';
import StocktakeDetailPage from './StocktakeDetailPage';

const STOCKTAKE = stocktakeOf();
const DETAIL = `/stocktakes/${STOCKTAKE.id}`;
const LINES = `${DETAIL}/lines`;

const linesOf = (lines = [MISPLACED]): StocktakeLineResponse => ({ data: lines, total: lines.length, page: 1, size: 10, totals: TOTALS });
const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

/** The stocktake's page over a server holding it and its lines; closing answers it closed, with its corrections. */
function renderPage(stocktake: StocktakeDetail = STOCKTAKE, url = stocktakePath(stocktake.id)) {
  signedInAs([P.STOCKTAKE_STOCKTAKING_DETAIL, P.STOCKTAKE_STOCKTAKING_UPDATE]);
  const api = fakeApi({
    [`GET ${DETAIL}`]: () => stocktake,
    [`GET ${LINES}`]: () => linesOf(),
    [`POST ${DETAIL}/close`]: () => ({ ...stocktake, status: 'CLOSED', allowedActions: [], corrections: { moved: 1, markedMissing: 6, stockAdjusted: 0 } }),
  });
  const realtime = fakeRealtime();
  renderInApp(realtime.wrap(<StocktakeDetailPage />), url, PATHS.stocktakingDetail);
  return { api, realtime };
}

const total = (key: string) => screen.getByTestId(`total-${key}`).querySelector('.total-value')!.textContent;

describe("a stocktake's page", () => {
  it('shows its lines with why a line is abnormal: the zone a misplaced item belongs to', async () => {
    renderPage();
    expect((await screen.findByTestId('stocktake-title')).textContent).toContain('Inventorizing');
    const row = (await screen.findByText('SP0007')).closest('tr')!;
    expect(within(row).getByText('Code does not match the search area (belongs to Warehouse B)')).toBeTruthy();
    expect(within(row).getByText('Abnormal')).toBeTruthy();
    expect(within(row).getByTestId('ignore-line')).toBeTruthy();
    // the steps the stocktake allows, and no other
    const actions = screen.getByTestId('stocktake-actions');
    expect([...actions.querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'))).toEqual(['RESET', 'CLOSE']);
    expect(within(actions).getByTestId('upload-epcs')).toBeTruthy();
    expect(within(actions).queryByTestId('edit-stocktake')).toBeNull();
  });

  it('filters the lines by SPEC\'s result filter: ALL, ABNORMAL, IGNORE, each sent as the lines query', async () => {
    const user = userEvent.setup();
    const { api } = renderPage();
    await screen.findByText('SP0007');
    const sent = () => callsTo(api.calls, 'GET', LINES).at(-1)!.query.get('result');
    expect(sent()).toBe('ALL');
    const filter = screen.getByTestId('result-filter');
    await user.click(within(filter).getByRole('radio', { name: 'Abnormal' }));
    await waitFor(() => expect(sent()).toBe('ABNORMAL'));
    expect(screen.getByTestId('location').textContent).toContain('result=ABNORMAL');
    await user.click(within(filter).getByRole('radio', { name: 'Ignored' }));
    await waitFor(() => expect(sent()).toBe('IGNORE'));
    await user.click(within(filter).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(sent()).toBe('ALL'));
    expect(screen.getByTestId('location').textContent).not.toContain('result=');
  });

  it('keeps its totals live: a push puts them in place without reading the stocktake again, and the lines are read anew', async () => {
    const { api, realtime } = renderPage();
    await screen.findByText('SP0007');
    expect(total('found')).toBe('4');
    const detailReads = callsTo(api.calls, 'GET', DETAIL).length;
    // the page shown; refreshList also reads anew any other page of the lines cached before
    const shownLineReads = () => callsTo(api.calls, 'GET', LINES).filter((c) => c.query.get('result') === 'ALL').length;
    const lineReads = shownLineReads();

    const push: StocktakeProgressPush = { stocktakeId: STOCKTAKE.id, status: 'INVENTORIZING', totals: { ...TOTALS, found: 9, missing: 1, abnormal: 3, scanned: 12 }, position: STOCKTAKE.position + 1 };
    expect(realtime.push(REALTIME_EVENTS.STOCKTAKE_PROGRESS, push)).toBe(1);
    await waitFor(() => expect(total('found')).toBe('9'));
    expect([total('expected'), total('missing'), total('abnormal'), total('scanned')]).toEqual(['10', '1', '3', '12']);
    await waitFor(() => expect(shownLineReads()).toBe(lineReads + 1));
    expect(callsTo(api.calls, 'GET', DETAIL).length).toBe(detailReads);

    // another stocktake's push changes nothing here: pushes are taken in order, so once the next one
    // of this stocktake shows, the other one has been taken and left out
    realtime.push(REALTIME_EVENTS.STOCKTAKE_PROGRESS, { ...push, stocktakeId: '00000000-0000-4000-8000-0000000000ff', totals: { ...TOTALS, found: 0 }, position: push.position + 1 });
    realtime.push(REALTIME_EVENTS.STOCKTAKE_PROGRESS, { ...push, totals: { ...push.totals, scanned: 13 }, position: push.position + 2 });
    await waitFor(() => expect(total('scanned')).toBe('13'));
    expect(total('found')).toBe('9');
  });

  it('never puts older totals back: a step answered after a later push, and a push older than what is shown, are left out', async () => {
    const user = userEvent.setup();
    const created = stocktakeOf({ status: 'CREATE', totals: { ...TOTALS, found: 0, missing: 10, abnormal: 0, scanned: 0 }, allowedActions: ['START'], position: 10 });
    // the start is answered with the stocktake as it was read before the handheld's first reads were counted, once they have been pushed
    let answerStart!: () => void;
    const startAnswered = new Promise<void>((resolve) => (answerStart = resolve));
    const started = { ...created, status: 'INVENTORIZING' as const, allowedActions: ['RESET', 'CLOSE', 'SCAN', 'IGNORE'] as StocktakeDetail['allowedActions'], position: 11 };
    signedInAs([P.STOCKTAKE_STOCKTAKING_DETAIL, P.STOCKTAKE_STOCKTAKING_UPDATE]);
    const counted = { ...started, totals: { ...TOTALS, found: 3, missing: 7, abnormal: 2, scanned: 5 }, position: 12 };
    let stored = created;
    const api = fakeApi({
      [`GET ${DETAIL}`]: () => stored,
      [`GET ${LINES}`]: () => linesOf(),
      [`POST ${DETAIL}/start`]: () => startAnswered.then(() => started),
    });
    const realtime = fakeRealtime();
    renderInApp(realtime.wrap(<StocktakeDetailPage />), stocktakePath(created.id), PATHS.stocktakingDetail);
    api.calls.length = 0;
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', `${DETAIL}/start`)).toHaveLength(1));

    stored = counted;
    realtime.push(REALTIME_EVENTS.STOCKTAKE_PROGRESS, { stocktakeId: created.id, status: counted.status, totals: counted.totals, position: counted.position });
    await waitFor(() => expect(total('found')).toBe('3'));
    answerStart();
    // the step's answer has been taken once the steps are no longer held (they are while a step runs)
    await waitFor(() => expect(within(screen.getByTestId('stocktake-actions')).getByRole('button', { name: 'Close' }).hasAttribute('disabled')).toBe(false));
    expect([total('found'), total('missing'), total('abnormal')]).toEqual(['3', '7', '2']);

    // a push sent before the one shown, arriving after it
    realtime.push(REALTIME_EVENTS.STOCKTAKE_PROGRESS, { stocktakeId: created.id, status: 'INVENTORIZING', totals: { ...TOTALS, found: 1, missing: 9, abnormal: 0, scanned: 1 }, position: 11 });
    realtime.push(REALTIME_EVENTS.STOCKTAKE_PROGRESS, { stocktakeId: created.id, status: 'INVENTORIZING', totals: { ...TOTALS, found: 3, missing: 7, abnormal: 2, scanned: 6 }, position: 13 });
    await waitFor(() => expect(total('scanned')).toBe('6'));
    expect([total('found'), total('missing'), total('abnormal')]).toEqual(['3', '7', '2']);
  });

  it('closes with the corrections the user chose, after saying the result is frozen', async () => {
    const user = userEvent.setup();
    const { api } = renderPage();
    await user.click(within(await screen.findByTestId('stocktake-actions')).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/the result is frozen/)).toBeTruthy();
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([false, false, false]);
    await user.click(within(dialog).getByLabelText('Move the items found here that belong to another zone to this zone'));
    await user.click(within(dialog).getByLabelText("Adjust the products' stock to the count"));
    await user.click(within(dialog).getByTestId('close-confirm'));

    await waitFor(() => expect(callsTo(api.calls, 'POST', `${DETAIL}/close`)).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', `${DETAIL}/close`)[0]!.body).toEqual({ moveFound: true, markMissing: false, adjustStock: true });
    await waitFor(() => expect(screen.getByTestId('stocktake-title').textContent).toContain('Closed'));
    await waitFor(() => expect(screen.queryByTestId('close-confirm')).toBeNull());
    expect(screen.getByTestId('stocktake-details').textContent).toContain('1 moved to this zone, 6 marked missing, 0 stock figures adjusted');
  });
});
