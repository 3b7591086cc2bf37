import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GateTicketDetail, ListResponse, LookupItem, SampleLookupItem } from '@rfid/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { fieldMessage } from '../../testing/field-message';
import { GateTicketFormDialog } from './GateTicketFormDialog';

const GATE: LookupItem = { id: '00000000-0000-4000-8000-000000000051', code: 'GATE-A', name: 'Gate A', active: true };
const SAMPLE: SampleLookupItem = { id: '00000000-0000-4000-8000-000000000061', sampleCode: 'SP0001', name: 'Red shoe', modelName: 'Runner', artNumber: 'A1', currentTagCode: null };
const PRODUCT = { id: '00000000-0000-4000-8000-000000000071', code: 'PR-1', name: 'Shoe box', unit: 'box' };
const TAG_1 = 'E28011606000020900000001';
const TAG_2 = 'E2801160600002090000000A';
const page = <T,>(data: T[]): ListResponse<T> => ({ data, total: data.length, page: 1, size: 50 });

const TICKET: GateTicketDetail = {
  id: '00000000-0000-4000-8000-000000000081',
  code: 'GT000001',
  reason: 'Samples to the fair',
  state: 'CREATED',
  gates: [{ id: GATE.id, code: 'GATE-A', name: GATE.name }],
  validFrom: '2025-06-01T01:00:00.000Z',
  validTo: '2025-06-02T10:00:00.000Z',
  itemCount: 3,
  createdBy: { id: null, name: 'Tester' },
  decidedBy: null,
  decidedAt: null,
  version: 2,
  createdAt: '2025-05-31T01:00:00.000Z',
  updatedAt: '2025-05-31T01:00:00.000Z',
  items: [
    { kind: 'SAMPLE', id: SAMPLE.id, code: SAMPLE.sampleCode, name: SAMPLE.name, quantity: 1, passed: 0 },
    { kind: 'PRODUCT', id: PRODUCT.id, code: PRODUCT.code, name: PRODUCT.name, quantity: 4, passed: 0 },
    { kind: 'TAG', id: null, code: TAG_1, name: null, quantity: 1, passed: 0 },
  ],
  allowedActions: ['UPDATE', 'DELETE'],
};

/** The dialog over a server with one gate, one sample and one product, recording what is saved. */
function renderDialog(ticket?: GateTicketDetail) {
  signedInAs([]);
  const saved: ApiCall[] = [];
  const api = fakeApi({
    'GET /readers/lookup': () => page([GATE]),
    'GET /samples/lookup': () => page([SAMPLE]),
    'GET /products': () => page([PRODUCT]),
    'POST /gate-tickets': (call) => {
      saved.push(call);
      return { ...TICKET, id: '00000000-0000-4000-8000-000000000082', code: 'GT000002' };
    },
    [`PUT /gate-tickets/${TICKET.id}`]: (call) => {
      saved.push(call);
      return TICKET;
    },
  });
  const onSaved = vi.fn();
  const { unmount } = renderInApp(<GateTicketFormDialog isOpen ticket={ticket} onClose={() => {}} onSaved={onSaved} />);
  return { saved, onSaved, calls: api.calls, unmount };
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, comboboxName: string, optionName: string) {
  await user.click(screen.getByRole('combobox', { name: comboboxName }));
  await user.click(await screen.findByRole('option', { name: optionName }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function addProduct(user: User) {
  const input = screen.getByRole('combobox', { name: 'Product' });
  await user.click(input);
  await user.type(input, 'Shoe');
  const options = await screen.findAllByRole('option', { name: /^Shoe box \(/ });
  await user.click(within(options.at(-1)!).getByText('Shoe box (', { exact: false }));
}

const rows = () => screen.queryAllByTestId('gate-ticket-item');
const rowTexts = () => rows().map((r) => r.textContent);

describe('the gate ticket dialog', () => {
  it('takes items of three kinds: a sample by look-up, a product with its quantity, tags typed or pasted; each item once; sends them as the API takes them', async () => {
    const user = userEvent.setup();
    const { saved, onSaved, calls } = renderDialog();
    const form = await screen.findByTestId('form-dialog');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Samples to the fair');
    await choose(user, 'Add a gate', 'Gate A (GATE-A)');
    await waitFor(() => expect(within(screen.getByTestId('chosen-gates')).getByText('Gate A (GATE-A)')).toBeTruthy());
    expect(calls.some((c) => c.path === '/readers/lookup' && c.query.get('kind') === 'GATE')).toBe(true);

    await choose(user, 'Add a sample', 'Red shoe (SP0001)');
    await waitFor(() => expect(rowTexts()).toEqual(['SampleSP0001 · Red shoe1']));
    await addProduct(user);
    await waitFor(() => expect(rows()).toHaveLength(2));
    // pasted with spaces and lower case, one repeated: normalised, added once, the repeat said
    await user.type(screen.getByRole('textbox', { name: /^Tag codes/ }), `e280 1160 6000 0209 0000 0001{Enter}${TAG_2}, ${TAG_1}`);
    await user.click(screen.getByTestId('add-tags'));
    expect(rows().map((r) => r.dataset.kind)).toEqual(['SAMPLE', 'PRODUCT', 'TAG', 'TAG']);
    expect(rowTexts().slice(2)).toEqual([`Tag${TAG_1}1`, `Tag${TAG_2}1`]);
    // the same sample again is not added twice
    await choose(user, 'Add a sample', 'Red shoe (SP0001)');
    expect(rows()).toHaveLength(4);

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of PR-1' }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fieldMessage('Items')).toBe('The minimum quantity is 1');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: `Remove ${TAG_2}` }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      reason: 'Samples to the fair',
      gateIds: [GATE.id],
      items: [
        { kind: 'SAMPLE', sampleId: SAMPLE.id },
        { kind: 'PRODUCT', productId: PRODUCT.id, quantity: 3 },
        { kind: 'TAG', tagCode: TAG_1 },
      ],
    });
    // a new ticket is valid from now to the end of today (of tomorrow in the day's last hour)
    expect(new Date(body.validTo as string).getTime()).toBeGreaterThan(new Date(body.validFrom as string).getTime());
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ code: 'GT000002' }));
  });

  it("a new ticket is valid from now to the end of today, or of tomorrow in the day's last hour, so the end is always after the start", async () => {
    const shown = () => ['Valid from', 'Valid to'].map((name) => (screen.getByRole('combobox', { name }) as HTMLInputElement).value);
    // only Date is faked: the timers SWR, Blueprint and user-event wait on run as usual
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2025, 5, 1, 10, 15, 42));
      const morning = renderDialog();
      await screen.findByTestId('form-dialog');
      expect(shown()).toEqual(['01/06/2025 10:15', '01/06/2025 23:59']);
      morning.unmount();

      vi.setSystemTime(new Date(2025, 5, 1, 23, 59, 30));
      renderDialog();
      await screen.findByTestId('form-dialog');
      expect(shown()).toEqual(['01/06/2025 23:59', '02/06/2025 23:59']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says each broken rule under its field: a reason, a gate and an item are required, a tag code must be one, the end must come after the start', async () => {
    const user = userEvent.setup();
    const { saved } = renderDialog();
    const form = await screen.findByTestId('form-dialog');
    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('No items yet: add samples, products or tags.')).toBeTruthy();
    await save();
    expect(fieldMessage('Reason')).toBe('This information is required');
    expect(fieldMessage('Gates')).toBe('This information is required');
    expect(fieldMessage('Items')).toBe('This information is required');

    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Repair');
    await choose(user, 'Add a gate', 'Gate A (GATE-A)');
    await user.type(screen.getByRole('textbox', { name: /^Tag codes/ }), 'XYZ');
    await user.click(screen.getByTestId('add-tags'));
    await save();
    expect(fieldMessage('Items')).toBe('RFID code is invalid');
    expect(rows()[0]!.classList.contains('wrong')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove XYZ' }));
    await user.type(screen.getByRole('textbox', { name: /^Tag codes/ }), TAG_1);
    await user.click(screen.getByTestId('add-tags'));

    const validTo = screen.getByRole('combobox', { name: 'Valid to' }) as HTMLInputElement;
    await user.clear(validTo);
    await user.type(validTo, '01/01/2020 08:00');
    await save();
    expect(fieldMessage('Valid to')).toBe('The end must be after the start');
    expect(saved).toEqual([]);
  });

  it('an edit shows the ticket with its items named and sends it whole with the version it was read at', async () => {
    const user = userEvent.setup();
    const { saved, onSaved } = renderDialog(TICKET);
    expect(await screen.findByText('Edit gate ticket GT000001')).toBeTruthy();
    expect(rowTexts()).toEqual(['SampleSP0001 · Red shoe1', 'ProductPR-1 · Shoe box', `Tag${TAG_1}1`]);
    expect((screen.getByRole('spinbutton', { name: 'Quantity of PR-1' }) as HTMLInputElement).value).toBe('4');
    await waitFor(() => expect(within(screen.getByTestId('chosen-gates')).getByText('Gate A (GATE-A)')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Remove SP0001' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved.map((c) => c.method)).toEqual(['PUT']);
    expect(saved[0]!.body).toEqual({
      reason: 'Samples to the fair',
      gateIds: [GATE.id],
      validFrom: TICKET.validFrom,
      validTo: TICKET.validTo,
      items: [
        { kind: 'PRODUCT', productId: PRODUCT.id, quantity: 4 },
        { kind: 'TAG', tagCode: TAG_1 },
      ],
      version: 2,
    });
  });
});
