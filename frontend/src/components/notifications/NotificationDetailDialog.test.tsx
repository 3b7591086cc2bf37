import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS, type NotificationItem } from '@rfid/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, Reply, type ApiCall } from '../../testing/fake-api';
import { notification } from '../../testing/notification-fixtures';
import { showSuccess } from '../toasts';
import { NotificationDetailDialog } from './NotificationDetailDialog';

vi.mock('../toasts', async (original) => ({ ...(await original<typeof import('../toasts')>()), showSuccess: vi.fn() }));

const ALERT_ID = '00000000-0000-4000-8000-0000000000a1';

/** An alert's notification, still active unless `disabled` says who disabled it and when. */
function alertNotification(disabled?: { by: string; at: string; reason: string | null }): NotificationItem {
  return {
    ...notification(1, false),
    title: 'Gate alert',
    readerName: 'Gate A',
    readerHostName: 'gate-a.local',
    alertLogId: ALERT_ID,
    disableBy: disabled?.by ?? null,
    disableTime: disabled?.at ?? null,
    disableReason: disabled?.reason ?? null,
  };
}

/** The dialog over a server that answers the disable call with `answer`. */
function renderDialog(n: NotificationItem, answer: (call: ApiCall) => unknown = () => undefined) {
  signedInAs([]);
  const api = fakeApi({ [`POST /user-notifications/${n.id}/disable-alert`]: answer });
  const onClose = vi.fn();
  renderInApp(<NotificationDetailDialog notification={n} onClose={onClose} />);
  const disableCalls = () => api.calls.filter((c) => c.path.endsWith('/disable-alert'));
  return { onClose, disableCalls };
}

const reasonInput = () => screen.getByLabelText('Why the alert is disabled') as HTMLTextAreaElement;
const switchAlarmOff = () => screen.getByRole('button', { name: 'Switch alarm off' }) as HTMLButtonElement;
const disableAlert = () => screen.getByRole('button', { name: 'Disable alert' }) as HTMLButtonElement;

describe('the notification dialog of an alert', () => {
  it("shows the alert's gate, reader and id; a disabled alert says who, when (HH:mm:ss DD/MM/YYYY) and why, and offers no action", async () => {
    const at = new Date(2025, 5, 1, 8, 5, 9).toISOString();
    renderDialog(alertNotification({ by: 'guard1', at, reason: 'Tag left on a sample returned' }));
    await screen.findByTestId('notification-content');
    expect(screen.getByText('Gate A')).toBeTruthy();
    expect(screen.getByText('gate-a.local')).toBeTruthy();
    expect(screen.getByTestId('alert-id').dataset.alertId).toBe(ALERT_ID);
    expect(screen.getByTestId('alert-id').textContent).toBe(ALERT_ID.slice(0, 8));
    expect(screen.getByTestId('disabled-by').textContent).toBe('guard1');
    expect(screen.getByTestId('disabled-at').textContent).toBe('08:05:09 01/06/2025');
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Tag left on a sample returned');
    expect(screen.queryByRole('button', { name: 'Switch alarm off' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable alert' })).toBeNull();
  });

  it('"Switch alarm off" sends an empty body, says so in a toast and keeps the dialog open with the reason typed: the alert stays active', async () => {
    const user = userEvent.setup();
    const { onClose, disableCalls } = renderDialog(alertNotification());
    await user.type(reasonInput(), 'Checked by the guard');
    await user.click(switchAlarmOff());
    await waitFor(() => expect(disableCalls()).toHaveLength(1));
    expect(disableCalls()[0]!.body).toEqual({});
    expect(await screen.findByTestId('alarm-off-note')).toBeTruthy();
    expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('Alarm switched off');
    expect(onClose).not.toHaveBeenCalled();
    expect(reasonInput().value).toBe('Checked by the guard');
    expect(switchAlarmOff().disabled).toBe(true);
    expect(disableAlert().disabled).toBe(false);
  });

  it('disabling with a reason: confirm only once the trimmed reason is not empty; sends it trimmed, toasts and closes', async () => {
    const user = userEvent.setup();
    const { onClose, disableCalls } = renderDialog(alertNotification());
    await screen.findByTestId('notification-content');
    expect(reasonInput().rows).toBe(6);
    expect(disableAlert().disabled).toBe(true);
    await user.type(reasonInput(), '   ');
    expect(disableAlert().disabled).toBe(true);
    await user.type(reasonInput(), 'Sample lent without a ticket ');
    expect(disableAlert().disabled).toBe(false);
    await user.click(disableAlert());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(disableCalls().map((c) => c.body)).toEqual([{ reason: 'Sample lent without a ticket' }]);
    expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('Disable alert success');
  });

  it('a 403 FORBIDDEN says its message in the dialog, which stays open; the session is kept', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog(alertNotification(), () => new Reply(403, { code: 'FORBIDDEN', message: ERRORS.FORBIDDEN.en }));
    await user.type(reasonInput(), 'No ticket');
    await user.click(disableAlert());
    expect((await screen.findByTestId('dialog-failure')).textContent).toBe(ERRORS.FORBIDDEN.en);
    expect(onClose).not.toHaveBeenCalled();
    expect(reasonInput().value).toBe('No ticket');
    expect(localStorage.getItem('rfid.session')).not.toBeNull();
  });

  it('a notification that reports no alert offers neither action', async () => {
    renderDialog({ ...notification(2, true), readerName: 'Gate B' });
    await screen.findByTestId('notification-content');
    expect(screen.getByText('Gate B')).toBeTruthy();
    expect(screen.queryByLabelText('Reason')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch alarm off' })).toBeNull();
  });
});
