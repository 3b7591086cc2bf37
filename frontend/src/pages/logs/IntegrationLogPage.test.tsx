import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, type IntegrationLogDetail, type IntegrationLogEntry, type ListResponse } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../app/route-table';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import IntegrationLogPage from './IntegrationLogPage';
import { readablePayload } from './payload-text';

const READER = '00000000-0000-4000-8000-0000000000a1';
const response: IntegrationLogEntry = {
  id: 7,
  at: new Date(2026, 10, 24, 9, 30, 5).toISOString(),
  readerId: READER,
  readerCode: 'GATE-01',
  kind: 'RESPONSE',
  direction: 'IN',
  topic: 'rfid/readers/GATE-01/responses',
  outcome: 'OK',
  reason: null,
  summary: 'start (c-1): success',
  count: null,
};
const garbage: IntegrationLogEntry = { ...response, id: 8, kind: 'MGMT', outcome: 'MALFORMED', reason: 'not JSON', summary: 'unreadable message', topic: 'rfid/readers/GATE-01/mgmt' };
const details: Record<number, IntegrationLogDetail> = {
  7: { ...response, payload: '{"command":"start","command_id":"c-1","response":"success","payload":{}}', payloadBytes: 70 },
  8: { ...garbage, payload: 'hex: 00ff10', payloadBytes: 3 },
};

function server() {
  return fakeApi({
    'GET /integration-logs': (): ListResponse<IntegrationLogEntry> => ({ data: [garbage, response], total: 2, page: 1, size: 10 }),
    'GET /integration-logs/7': () => details[7],
    'GET /integration-logs/8': () => details[8],
  });
}
const lastListQuery = (calls: ApiCall[]) => Object.fromEntries(calls.filter((c) => c.path === '/integration-logs').at(-1)!.query);

describe('the integration log', () => {
  it('lists newest first in words (kind, outcome); "problems only" and the days are sent as the API reads them', async () => {
    signedInAs([P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST]);
    const api = server();
    renderInApp(<IntegrationLogPage />, `${PATHS.integrationLog}?from=2026-11-20&to=2026-11-24`);
    const row = (await screen.findByText('unreadable message')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['09:30:05 24/11/2026', 'GATE-01', '', 'Management', 'Malformed', 'unreadable message', 'not JSON']);
    expect(lastListQuery(api.calls)).toMatchObject({ sort: 'at:desc', from: new Date(2026, 10, 20).toISOString(), to: new Date(2026, 10, 24, 23, 59, 59, 999).toISOString() });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Problems' }), 'Problems only');
    await waitFor(() => expect(lastListQuery(api.calls).problems).toBe('true'));
    // without the detail permission an entry does not open
    await userEvent.click(row);
    expect(screen.queryByTestId('entry-summary')).toBeNull();
  });

  it('an entry opens with its payload: JSON indented, with its size; anything else as it came', async () => {
    signedInAs([P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST, P.LOG_MANAGEMENT_INTEGRATION_LOG_DETAIL]);
    server();
    renderInApp(<IntegrationLogPage />, PATHS.integrationLog);
    await userEvent.click(await screen.findByText('start (c-1): success'));
    const payload = await screen.findByTestId('entry-payload');
    expect(payload.textContent).toBe('{\n  "command": "start",\n  "command_id": "c-1",\n  "response": "success",\n  "payload": {}\n}');
    expect(screen.getByText(/70 bytes/)).toBeTruthy();
    // the footer's Close (the title bar has one too)
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('entry-payload')).toBeNull());
    await userEvent.click(await screen.findByText('unreadable message'));
    await waitFor(() => expect(screen.getByTestId('entry-payload').textContent).toBe('hex: 00ff10'));
    expect(screen.getByText(/as received/)).toBeTruthy();
  });
});

describe('a logged payload as it is read', () => {
  it('one JSON document, or one per line, indented; a document cut off or not JSON, as it came', () => {
    expect(readablePayload('{"a":[1,2]}')).toEqual({ text: '{\n  "a": [\n    1,\n    2\n  ]\n}', json: true });
    expect(readablePayload('{"a":1}\n{"b":2}\n')).toEqual({ text: '{\n  "a": 1\n}\n{\n  "b": 2\n}', json: true });
    expect(readablePayload('{"a":1')).toEqual({ text: '{"a":1', json: false });
    expect(readablePayload('{"a":1}\nnot json')).toEqual({ text: '{"a":1}\nnot json', json: false });
    expect(readablePayload('{"a":"x"}… (300000 bytes in all)').json).toBe(false);
  });
});
