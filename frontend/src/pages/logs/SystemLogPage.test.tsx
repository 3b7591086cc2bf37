import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, type ListResponse, type SystemLogActionOption, type SystemLogDetail, type SystemLogEntry } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import SystemLogPage from './SystemLogPage';

const entry: SystemLogEntry = {
  id: 12,
  recordedAt: new Date(2026, 10, 24, 9, 30, 5).toISOString(),
  actor: { id: '00000000-0000-4000-8000-000000000001', name: 'admin', kind: 'user' },
  action: 'UserCreated',
  actionLabel: 'User created',
  streamId: 'user-a5a03052-0000-4000-8000-000000000002',
  streamType: 'user',
  record: { id: 'a5a03052-0000-4000-8000-000000000002', kind: 'User', name: 'clerk' },
  summary: 'Lê Văn Kho, group Warehouse',
};
const detail: SystemLogDetail = {
  ...entry,
  eventId: '00000000-0000-4000-8000-000000000009',
  streamVersion: 1,
  data: { userId: entry.record.id, username: 'clerk', passwordHash: '[hidden]' },
  metadata: { source: 'http' },
  hash: 'ab'.repeat(32),
};

function server() {
  return fakeApi({
    'GET /system-logs': (): ListResponse<SystemLogEntry> => ({ data: [entry], total: 1, page: 1, size: 10 }),
    'GET /system-logs/actions': (): SystemLogActionOption[] => [{ action: 'UserCreated', label: 'User created' }],
    'GET /system-logs/12': () => detail,
  });
}
const lastListQuery = (calls: ApiCall[]) => Object.fromEntries(calls.filter((c) => c.path === '/system-logs').at(-1)!.query);

describe('the system log speaks to the people who use the back-office', () => {
  it("lists the action's label, the record by its kind and name, and a readable summary; the filter offers labels", async () => {
    signedInAs([P.LOG_MANAGEMENT_SYSTEM_LOG_LIST, P.LOG_MANAGEMENT_SYSTEM_LOG_DETAIL]);
    server();
    renderInApp(<SystemLogPage />, PATHS.systemLog);
    const row = (await screen.findByText('Lê Văn Kho, group Warehouse')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['09:30:05 24/11/2026', 'admin', 'User created', 'User clerk', 'Lê Văn Kho, group Warehouse']);
    expect(row.textContent).not.toContain('UserCreated');
    expect(row.textContent).not.toContain('a5a03052');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Action' })).getByRole('option', { name: 'User created' })).toBeTruthy());
  });

  it('the date filters read and take DD/MM/YYYY, and ask the server for the local day', async () => {
    const user = userEvent.setup();
    signedInAs([P.LOG_MANAGEMENT_SYSTEM_LOG_LIST]);
    const api = server();
    renderInApp(<SystemLogPage />, `${PATHS.systemLog}?from=2026-11-05`);
    // (the calendar loads on demand: a disabled text field stands in for it meanwhile)
    const from = (await screen.findByRole('combobox', { name: 'From' })) as HTMLInputElement;
    expect(from.value).toBe('05/11/2026');
    const to = screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement;
    expect(to.placeholder).toBe('DD/MM/YYYY');
    await user.type(to, '24/11/2026');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('to=2026-11-24'));
    await waitFor(() => expect(lastListQuery(api.calls).to).toBe(new Date(2026, 10, 24, 23, 59, 59, 999).toISOString()));
    expect(lastListQuery(api.calls).from).toBe(new Date(2026, 10, 5).toISOString());
  });

  it('an event opens as the list says it, with the raw JSON folded away as an extra', async () => {
    signedInAs([P.LOG_MANAGEMENT_SYSTEM_LOG_LIST, P.LOG_MANAGEMENT_SYSTEM_LOG_DETAIL]);
    server();
    renderInApp(<SystemLogPage />, PATHS.systemLog);
    await userEvent.click(await screen.findByText('Lê Văn Kho, group Warehouse'));
    const summary = await screen.findByTestId('event-summary');
    expect(summary.textContent).toContain('User created');
    expect(summary.textContent).toContain('User clerk');
    const raw = screen.getByTestId('raw-event') as HTMLDetailsElement;
    expect(raw.open).toBe(false);
    expect(within(raw).getByTestId('event-data').textContent).toContain('"passwordHash": "[hidden]"');
  });
});
