import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse, LookupItem } from '@rfid/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, Reply, type ApiCall } from '../../testing/fake-api';
import { fieldMessage } from '../../testing/field-message';
import { TicketFormDialog } from './TicketFormDialog';
import { TICKET_SCREENS } from './ticket-screens';

const ZONE: LookupItem = { id: '00000000-0000-4000-8000-000000000010', code: 'KHOA', name: 'Kho A', active: true };
const PRODUCTS = [
  { id: '00000000-0000-4000-8000-000000000021', code: 'SP-1', name: 'Shoe box', unit: 'box' },
  { id: '00000000-0000-4000-8000-000000000022', code: 'SP-2', name: 'Shoe lace', unit: 'pair' },
];
const page = <T,>(data: T[]): ListResponse<T> => ({ data, total: data.length, page: 1, size: 50 });

function api(createTicket: (call: ApiCall) => unknown) {
  return fakeApi({
    'GET /master-data/zones/lookup': () => page([ZONE]),
    'GET /master-data/customers/lookup': () => page([]),
    'GET /readers/lookup': () => page([]),
    'GET /products': ({ query }) => page(PRODUCTS.filter((p) => !query.get('q') || p.name.toLowerCase().includes(query.get('q')!.toLowerCase()))),
    'POST /import-tickets': createTicket,
  });
}

async function chooseProduct(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  await user.type(input, name);
  // the newest list is this line's (jsdom runs no transition: a list closed before may stay in the page)
  const options = await screen.findAllByRole('option', { name: new RegExp(`^${name} \\(`) });
  // the item's link inside the option takes the click
  await user.click(within(options.at(-1)!).getByText(`${name} (`, { exact: false }));
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(`${name} (${PRODUCTS.find((p) => p.name === name)!.code})`));
}

describe('the ticket form', () => {
  it("a supplier's ticket: each product's line says its broken rule (the form's own check and the server's answer alike), then sends the lines", async () => {
    const user = userEvent.setup();
    signedInAs([]);
    let serverRefuses = true;
    const calls = api(() =>
      serverRefuses
        ? new Reply(400, { code: 'QUANTITY_TOO_SMALL', message: 'x', details: [{ field: 'lines.0.planned', rule: 'custom', code: 'QUANTITY_TOO_SMALL' }] })
        : { id: '00000000-0000-4000-8000-000000000099', code: 'IT000001', direction: 'IMPORT', source: 'SUPPLIER', shortages: [] },
    );
    const onSaved = vi.fn();
    renderInApp(<TicketFormDialog screen={TICKET_SCREENS.IMPORT} isOpen onClose={() => {}} onSaved={onSaved} />);
    const form = await screen.findByTestId('form-dialog');
    await user.click(screen.getByRole('combobox', { name: 'Warehouse' }));
    await user.click(await screen.findByRole('option', { name: 'Kho A (KHOA)' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));
    // no product chosen on the first line
    await save();
    expect(fieldMessage('Products')).toBe('This information is required');

    const lines = () => within(screen.getByTestId('product-lines')).getAllByRole('combobox');
    await chooseProduct(user, lines()[0]!, 'Shoe box');
    await user.click(screen.getByTestId('add-line'));
    await chooseProduct(user, lines()[1]!, 'Shoe box');
    const quantities = () => within(screen.getByTestId('product-lines')).getAllByRole('spinbutton');
    await user.clear(quantities()[1]!);
    await user.type(quantities()[1]!, '0');
    await save();
    expect(fieldMessage('Products')).toBe('The minimum quantity is 1');
    await user.clear(quantities()[1]!);
    await user.type(quantities()[1]!, '3');
    await save();
    expect(fieldMessage('Products')).toBe('The product is already on the ticket');

    // the second line removed, another product added: the server's refusal lands on the lines too
    await user.click(within(screen.getByTestId('product-lines')).getAllByRole('button', { name: 'Remove this product' })[1]!);
    await user.click(screen.getByTestId('add-line'));
    await chooseProduct(user, lines()[1]!, 'Shoe lace');
    await user.clear(quantities()[1]!);
    await user.type(quantities()[1]!, '3');
    await save();
    await waitFor(() => expect(fieldMessage('Products')).toBe('The minimum quantity is 1'));
    serverRefuses = false;
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = calls.calls.filter((c) => c.method === 'POST').at(-1)!.body as Record<string, unknown>;
    expect(sent.source).toBe('SUPPLIER');
    expect(sent.warehouseId).toBe(ZONE.id);
    expect(sent.lines).toEqual([
      { productId: PRODUCTS[0]!.id, planned: 1 },
      { productId: PRODUCTS[1]!.id, planned: 3 },
    ]);
    expect(sent.sampleIds).toEqual([]);
  });

  it('an internal ticket: samples instead of products, never an empty list', async () => {
    const user = userEvent.setup();
    signedInAs([]);
    const calls = api(() => ({}));
    renderInApp(<TicketFormDialog screen={TICKET_SCREENS.IMPORT} isOpen onClose={() => {}} onSaved={() => {}} />);
    const form = await screen.findByTestId('form-dialog');
    await user.click(screen.getByRole('combobox', { name: 'Warehouse' }));
    await user.click(await screen.findByRole('option', { name: 'Kho A (KHOA)' }));
    await user.click(within(form).getByRole('radio', { name: 'Internal' }));
    expect(screen.queryByTestId('product-lines')).toBeNull();
    expect(screen.getByTestId('sample-chooser')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fieldMessage('Samples')).toBe('The sample list cannot be empty');
    expect(calls.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
