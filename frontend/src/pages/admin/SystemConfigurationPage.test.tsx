import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, SYSTEM_SETTING_DEFAULTS, type SystemSettingsView } from '@rfid/contracts';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { fieldMessage } from '../../testing/field-message';
import SystemConfigurationPage from './SystemConfigurationPage';

const SAVED: SystemSettingsView = {
  values: { ...SYSTEM_SETTING_DEFAULTS, readerHeartbeatTimeoutSeconds: 45 },
  changes: { readerHeartbeatTimeoutSeconds: { at: '2026-03-02T08:30:00.000Z', by: { id: '00000000-0000-4000-8000-000000000031', username: 'lan', fullName: 'Lan Nguyen' } } },
};

/** The page over a server holding SAVED, recording each PUT and answering it as the server would. */
function renderPage(permissions = [P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST, P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE]) {
  signedInAs(permissions);
  const puts: ApiCall[] = [];
  let current = SAVED;
  fakeApi({
    'GET /system-settings': () => current,
    'PUT /system-settings': (call) => {
      puts.push(call);
      current = { values: { ...current.values, ...(call.body as object) }, changes: current.changes };
      return current;
    },
  });
  renderInApp(
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <SystemConfigurationPage />
    </>,
    '/system-adminstration/system-configuration',
  );
  return { puts };
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const heartbeat = () => input(/^Reader heartbeat timeout/);
const productName = () => input(/^Product name/);
const location = () => screen.getByTestId('location').textContent;

describe('the system configuration page', () => {
  it('shows each setting in its group with its value, rule, default and last change', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Readers' });
    for (const group of ['Gates and alerts', 'Logs', 'Display']) expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    expect(heartbeat().value).toBe('45');
    expect(fieldMessage('Reader heartbeat timeout')).toBe('From 5 s to 3,600 s');
    expect(screen.getByTestId('setting-readerHeartbeatTimeoutSeconds-meta').textContent).toMatch(/^Default: 30 sChanged by Lan Nguyen at \d\d:\d\d:\d\d 02\/03\/2026$/);
    expect(screen.getByTestId('setting-productName-meta').textContent).toBe('Default: RFID Back-officeNever changed');
    expect(fieldMessage('Product name')).toBe('1 to 50 characters');
    expect(fieldMessage('Default page size')).toBe('One of: 10, 20, 30, 50');
    const unknownTag = screen.getByLabelText(/^A tag nobody registered/) as HTMLSelectElement;
    expect([...unknownTag.options].map((o) => o.text)).toEqual(['Raises an alert', 'Is ignored (recorded as ignored)']);
  });

  it('checks each value with the shared schema as it is typed, and saves only the changed ones', async () => {
    const user = userEvent.setup();
    const { puts } = renderPage();
    await screen.findByRole('heading', { name: 'Readers' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.clear(heartbeat());
    expect(fieldMessage('Reader heartbeat timeout')).toBe('This information is required');
    await user.type(heartbeat(), '4');
    expect(fieldMessage('Reader heartbeat timeout')).toBe('At least 5');
    await user.type(heartbeat(), '000');
    expect(fieldMessage('Reader heartbeat timeout')).toBe('At most 3,600');
    await user.clear(productName());
    await user.type(productName(), 'x'.repeat(51));
    expect(fieldMessage('Product name')).toBe('You entered more than 50 characters. Please re-enter!');
    expect(save.disabled).toBe(true);

    await user.clear(heartbeat());
    await user.type(heartbeat(), '60');
    await user.clear(productName());
    await user.type(productName(), ' ACME Inventory ');
    await user.selectOptions(screen.getByLabelText(/^Default page size/), '20');
    // back to its saved value: not a change
    await user.selectOptions(screen.getByLabelText(/^Default page size/), '10');
    expect(fieldMessage('Reader heartbeat timeout')).toBe('From 5 s to 3,600 s');
    expect(screen.getAllByText('Not saved')).toHaveLength(2);
    await user.click(save);

    await screen.findByText('System configuration saved');
    expect(puts.map((c) => c.body)).toEqual([{ readerHeartbeatTimeoutSeconds: 60, productName: 'ACME Inventory' }]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.queryByText('Not saved')).toBeNull();
    expect(productName().value).toBe('ACME Inventory');
  });

  it('asks before a link leaves changes unsaved; discarding them brings the saved values back', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Readers' });
    await user.clear(heartbeat());
    await user.type(heartbeat(), '90');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const question = await screen.findByRole('dialog');
    expect(question.textContent).toContain('Some changes are not saved. Leave this page and lose them?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/system-adminstration/system-configuration');
    expect(heartbeat().value).toBe('90');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(heartbeat().value).toBe('45');
    // nothing left to lose: the link is followed at once
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('follows the link when the user chooses to leave the changes', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Readers' });
    await user.type(productName(), ' 2');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('is read-only for a user who may list the settings but not update them', async () => {
    renderPage([P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST]);
    await screen.findByRole('heading', { name: 'Readers' });
    expect(screen.getByText(/You may view the system configuration/)).toBeTruthy();
    expect(heartbeat().disabled).toBe(true);
    expect(productName().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
  });
});
