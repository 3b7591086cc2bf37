import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASTER_DATA_KEYS, SAMPLE_FIELDS, type ListResponse, type LookupItem } from '@rfid/contracts';
import { fieldMessage } from '../../testing/field-message';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall, type Handler } from '../../testing/fake-api';
import { SampleFormDialog } from './SampleFormDialog';

/** Each catalogue holds one active item, named after it ("seasons item"). */
function catalogueItem(key: string, n: number): LookupItem {
  return { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, code: key.toUpperCase(), name: `${key} item`, active: true };
}
const catalogues: Record<string, Handler> = Object.fromEntries(
  MASTER_DATA_KEYS.map((key, n): [string, Handler] => [
    `GET /master-data/${key}/lookup`,
    ({ query }): ListResponse<LookupItem> => {
      // a form offers only the items still in use
      expect(query.get('active') ?? query.get('ids')).toBeTruthy();
      return { data: [catalogueItem(key, n)], total: 1, page: 1, size: 50 };
    },
  ]),
);


describe('the sample form is the sample field table', () => {
  it('shows each field of the table once, in its order, required where the table has a blank code', async () => {
    signedInAs([]);
    fakeApi(catalogues);
    renderInApp(<SampleFormDialog editing={{ mode: 'add' }} onClose={() => {}} onSaved={() => {}} />);
    const form = await screen.findByTestId('form-dialog');
    const labels = [...form.querySelectorAll('label.bp6-label')].map((l) => l.textContent);
    const shown = Object.values(SAMPLE_FIELDS).filter((f) => !('form' in f && f.form === false));
    expect(labels).toHaveLength(shown.length);
    expect(labels.filter((l) => l?.endsWith('*'))).toHaveLength(shown.filter((f) => 'blank' in f).length);
    expect(labels[0]).toBe('Name *');

    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    for (const label of ['Name', 'Model', 'Art', 'Season', 'Size', 'Category', 'Supplier']) expect(fieldMessage(label), label).toBe('This information is required');
    for (const label of ['Stage', 'Type', 'Gender', 'Side', 'Colour', 'Location']) expect(fieldMessage(label), label).toBeNull();
  });

  it('offers the active items of each catalogue and the sides, and sends what was chosen', async () => {
    const user = userEvent.setup();
    signedInAs([]);
    const api = fakeApi({ ...catalogues, 'POST /samples': () => ({}) });
    const onSaved = vi.fn();
    renderInApp(<SampleFormDialog editing={{ mode: 'add' }} onClose={() => {}} onSaved={onSaved} />);
    for (const [label, key] of [
      ['Season', 'seasons'],
      ['Size', 'sizes'],
      ['Category', 'categories'],
      ['Supplier', 'customers'],
    ]) {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: `${key} item (${key.toUpperCase()})` }));
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    }
    await user.selectOptions(screen.getByLabelText(/^Side/), 'Right');
    await user.type(screen.getByLabelText(/^Name/), 'Runner');
    await user.type(screen.getByLabelText(/^Model/), 'RUN-1');
    await user.type(screen.getByLabelText(/^Art/), 'ART-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = api.calls.find((c: ApiCall) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Runner', modelName: 'RUN-1', artNumber: 'ART-1', side: 'RIGHT', seasonId: catalogueItem('seasons', 0).id, stageId: null, color: null });
  });
});
