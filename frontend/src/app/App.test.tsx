import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASTER_DATA_KEYS, P, type ListResponse, type SampleView } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../testing/app-harness';
import { fakeApi, Reply, type Handler } from '../testing/fake-api';
import { SettingsProvider } from '../settings/display-settings';
import { AppRoutes } from './App';
import { PATHS } from './route-table';

const noSamples = (): ListResponse<SampleView> => ({ data: [], total: 0, page: 1, size: 10 });
const forbidden = () => new Reply(403, { code: 'FORBIDDEN', message: 'You are not authorized to use the system.' });
/** Every way a screen may read a catalogue, each refused as the server refuses a missing permission. */
const cataloguesRefused: Record<string, Handler> = Object.fromEntries(
  MASTER_DATA_KEYS.flatMap((key) => [`GET /master-data/${key}`, `GET /master-data/${key}/lookup`].map((route) => [route, forbidden])),
);

const renderApp = () =>
  renderInApp(
    <SettingsProvider>
      <AppRoutes />
    </SettingsProvider>,
    PATHS.sampleList,
  );

/** Every URL the router shows, in order, from the first render on. */
function watchLocations(): string[] {
  const seen = [screen.getByTestId('location').textContent!];
  new MutationObserver(() => {
    const now = screen.getByTestId('location').textContent!;
    if (seen.at(-1) !== now) seen.push(now);
  }).observe(screen.getByTestId('location'), { childList: true, characterData: true, subtree: true });
  return seen;
}

describe('a refused call and the session', () => {
  it('a 403 FORBIDDEN (a permission missing) keeps the session and the page: the user stays where they are', async () => {
    signedInAs([P.SAMPLE_MANAGEMENT_SAMPLE_LIST]);
    const api = fakeApi({ 'GET /samples': noSamples, ...cataloguesRefused });
    renderApp();
    const seen = watchLocations();
    await screen.findByRole('heading', { name: 'Sample list' });
    await screen.findByText('No data available.');
    await userEvent.click(screen.getByRole('combobox', { name: 'Season' }));
    expect((await screen.findByTestId('lookup-error')).textContent).toContain('You are not authorized');
    expect(api.calls.some((c) => c.path.startsWith('/master-data/seasons'))).toBe(true);
    expect(localStorage.getItem('rfid.session'), 'the session is kept').not.toBeNull();
    expect(seen).toEqual([PATHS.sampleList]);
  });

  it('a 401 (the session is over) clears it and goes to /login once, which stays until the user signs in', async () => {
    signedInAs([P.SAMPLE_MANAGEMENT_SAMPLE_LIST]);
    fakeApi({ 'GET /samples': () => new Reply(401, { code: 'UNAUTHORIZED', message: 'Authentication error' }) });
    renderApp();
    const seen = watchLocations();
    const username = await screen.findByLabelText('Username');
    // the sign-in form takes typing: it is still there, not replaced by a page that sends it back
    await userEvent.type(username, 'someone');
    expect((username as HTMLInputElement).value).toBe('someone');
    expect(localStorage.getItem('rfid.session')).toBeNull();
    expect(seen).toEqual([PATHS.sampleList, `${PATHS.login}?next=${encodeURIComponent(PATHS.sampleList)}`]);
  });

  it('a 403 ACCOUNT_LOCKED (the account may no longer act) ends the session like a 401', async () => {
    signedInAs([P.SAMPLE_MANAGEMENT_SAMPLE_LIST]);
    fakeApi({ 'GET /samples': () => new Reply(403, { code: 'ACCOUNT_LOCKED', message: 'This account is locked' }) });
    renderApp();
    await screen.findByLabelText('Username');
    expect(localStorage.getItem('rfid.session')).toBeNull();
  });
});
