import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, Reply, type ApiCall } from '../../testing/fake-api';
import { fieldMessage } from '../../testing/field-message';
import { COUNTER, HANDHELD, page, stocktakeOf, ZONE_A } from '../../testing/stocktake-fixtures';
import { StocktakeFormDialog } from './StocktakeFormDialog';

type User = ReturnType<typeof userEvent.setup>;

/** The create dialog over a server with one zone, one handheld and one user; `answer` is what creating answers. */
function renderDialog(answer: () => unknown = () => stocktakeOf({ status: 'CREATE' })) {
  signedInAs([]);
  const created: ApiCall[] = [];
  const api = fakeApi({
    'GET /master-data/zones/lookup': () => page([ZONE_A]),
    'GET /readers/lookup': () => page([HANDHELD]),
    'GET /users/lookup': () => page([COUNTER]),
    'POST /stocktakes': (call) => {
      created.push(call);
      return answer();
    },
  });
  const onSaved = vi.fn();
  renderInApp(<StocktakeFormDialog isOpen onClose={() => {}} onSaved={onSaved} />);
  return { created, onSaved, calls: api.calls };
}

async function choose(user: User, comboboxName: string, optionName: string) {
  await user.click(screen.getByRole('combobox', { name: comboboxName }));
  await user.click(await screen.findByRole('option', { name: optionName }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('the stocktaking create dialog', () => {
  it('needs a zone; sends the name, note, zones, handhelds and users chosen', async () => {
    const user = userEvent.setup();
    const { created, onSaved, calls } = renderDialog();
    const form = await screen.findByTestId('form-dialog');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'June count');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fieldMessage('Zones')).toBe('This information is required');
    expect(created).toEqual([]);

    await choose(user, 'Add a zone', 'Warehouse A (WH-A)');
    await waitFor(() => expect(within(screen.getByTestId('chosen-zones')).getByText('Warehouse A (WH-A)')).toBeTruthy());
    await choose(user, 'Add a handheld reader', 'Handheld 1 (HH-1)');
    expect(calls.some((c) => c.path === '/readers/lookup' && c.query.get('kind') === 'HANDHELD')).toBe(true);
    await choose(user, 'Add a user', 'Lan Nguyen');
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Before the audit');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.body).toEqual({ name: 'June count', note: 'Before the audit', zoneIds: [ZONE_A.id], readerIds: [HANDHELD.id], userIds: [COUNTER.id] });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ code: 'ST000001' }));
  });

  it('says NO_DATA in its own words when the zones hold nothing to count, and stays open', async () => {
    const user = userEvent.setup();
    const { created, onSaved } = renderDialog(() => new Reply(400, { code: 'NO_DATA', message: 'No data to create stocktaking' }));
    const form = await screen.findByTestId('form-dialog');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Empty zone');
    await choose(user, 'Add a zone', 'Warehouse A (WH-A)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(await screen.findByText('No data to create stocktaking')).toBeTruthy();
    expect(created[0]!.body).toMatchObject({ readerIds: [], userIds: [] });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('form-dialog')).toBeTruthy();
  });
});
