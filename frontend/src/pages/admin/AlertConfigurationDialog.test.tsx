import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertConfigurationView, ListResponse, LookupItem } from '@rfid/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { fieldMessage } from '../../testing/field-message';
import { AlertConfigurationDialog, type AlertConfigurationEditing } from './AlertConfigurationDialog';

const USER: LookupItem = { id: '00000000-0000-4000-8000-000000000031', code: 'lan', name: 'Lan Nguyen', active: true };
const page = <T,>(data: T[]): ListResponse<T> => ({ data, total: data.length, page: 1, size: 50 });
const CONFIGURATION: AlertConfigurationView = {
  id: '00000000-0000-4000-8000-000000000041',
  userId: USER.id,
  username: 'lan',
  fullName: 'Lan Nguyen',
  methods: ['IN_APP'],
  email: null,
  actionName: 'Check the gate',
  functionName: 'GATE',
  timeMinutes: 15,
  version: 3,
  createdAt: '2025-06-01T01:00:00.000Z',
  updatedAt: '2025-06-01T01:00:00.000Z',
};

/** The dialog over a server that knows one user and records what is saved. */
function renderDialog(editing: AlertConfigurationEditing) {
  signedInAs([]);
  const saved: ApiCall[] = [];
  fakeApi({
    'GET /users/lookup': () => page([USER]),
    'POST /alert-configurations': (call) => void saved.push(call),
    [`PUT /alert-configurations/${CONFIGURATION.id}`]: (call) => void saved.push(call),
  });
  const onSaved = vi.fn();
  renderInApp(<AlertConfigurationDialog editing={editing} onClose={() => {}} onSaved={onSaved} />);
  return { saved, onSaved };
}

const emailInput = () => screen.queryByRole('textbox', { name: /^E-mail address/ }) as HTMLInputElement | null;
const timeInput = () => screen.getByRole('textbox', { name: /^Time/ }) as HTMLInputElement;

/** A new configuration filled in but for what a test checks: the user, its action, about gate alerts, every 30 minutes. */
async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'User' }));
  await user.click(await screen.findByRole('option', { name: 'Lan Nguyen (lan)' }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  await user.type(screen.getByRole('textbox', { name: /^Action name/ }), 'Check the gate');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Function name/ }), 'GATE');
  await user.type(timeInput(), '30');
}

describe('the alert configuration dialog', () => {
  it('asks for an e-mail address only once e-mail is chosen, and then requires a valid one', async () => {
    const user = userEvent.setup();
    const { saved } = renderDialog({ mode: 'add' });
    const form = await screen.findByTestId('form-dialog');
    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));
    await fillIn(user);
    expect((screen.getByRole('checkbox', { name: /In the app/ }) as HTMLInputElement).checked).toBe(true);
    expect(emailInput()).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    expect(emailInput()).not.toBeNull();
    await save();
    expect(fieldMessage('E-mail address')).toBe('This information is required');
    await user.type(emailInput()!, 'lan.example.com');
    await save();
    expect(fieldMessage('E-mail address')).toBe('The e-mail address is not valid');
    expect(saved).toEqual([]);

    await user.clear(emailInput()!);
    await user.type(emailInput()!, 'lan@example.com');
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      userId: USER.id,
      methods: ['IN_APP', 'EMAIL'],
      email: 'lan@example.com',
      actionName: 'Check the gate',
      functionName: 'GATE',
      timeMinutes: 30,
    });
  });

  it('e-mail chosen and then unchosen: the address is neither asked for nor sent; no method at all is refused', async () => {
    const user = userEvent.setup();
    const { saved } = renderDialog({ mode: 'add' });
    const form = await screen.findByTestId('form-dialog');
    await fillIn(user);
    await user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    await user.type(emailInput()!, 'lan@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    expect(emailInput()).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /In the app/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fieldMessage('Methods')).toBe('This information is required');
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /In the app/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).not.toHaveProperty('email');
    expect((saved[0]!.body as { methods: string[] }).methods).toEqual(['IN_APP']);
  });

  it('the time must be more than 0 minutes', async () => {
    const user = userEvent.setup();
    const { saved } = renderDialog({ mode: 'add' });
    const form = await screen.findByTestId('form-dialog');
    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));
    await fillIn(user);
    for (const wrong of ['0', '-5']) {
      await user.clear(timeInput());
      await user.type(timeInput(), wrong);
      await save();
      expect(fieldMessage('Time')).toBe('The alert time must be greater than 0');
    }
    await user.clear(timeInput());
    await save();
    expect(fieldMessage('Time')).toBe('This information is required');
    expect(saved).toEqual([]);
    await user.type(timeInput(), '1');
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0]!.body as { timeMinutes: number }).timeMinutes).toBe(1);
  });

  it('an edit shows the configuration and sends it whole with the version it was read at', async () => {
    const user = userEvent.setup();
    const { saved, onSaved } = renderDialog({ mode: 'edit', configuration: CONFIGURATION });
    expect(await screen.findByText('Edit the alert configuration of Lan Nguyen')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'User' }) as HTMLInputElement).value).toBe('Lan Nguyen (lan)'));
    expect(timeInput().value).toBe('15');
    await user.clear(timeInput());
    await user.type(timeInput(), '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved.map((c) => [c.method, c.body])).toEqual([
      ['PUT', { userId: USER.id, methods: ['IN_APP'], actionName: 'Check the gate', functionName: 'GATE', timeMinutes: 45, version: 3 }],
    ]);
  });
});
