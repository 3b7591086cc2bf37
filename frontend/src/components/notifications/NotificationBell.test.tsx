import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem, NotificationListResponse } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import { notification } from '../../testing/notification-fixtures';
import { badgeText, NotificationBell } from './NotificationBell';


/** The user's notifications on a server that marks them read as the bell asks. */
function notificationServer(items: NotificationItem[]) {
  const unread = () => items.filter((n) => !n.isRead).length;
  return fakeApi({
    'GET /user-notifications/un-read': () => ({ total: unread() }),
    'GET /user-notifications': ({ query }): NotificationListResponse => {
      const size = Number(query.get('size'));
      return { data: items.slice(0, size), total: unread(), page: 1, size, totalItems: items.length };
    },
    'POST /user-notifications/read': ({ query }) => {
      const id = query.get('id');
      for (const n of items) if (!id || n.id === id) n.isRead = true;
      return { total: unread(), marked: 1 };
    },
  });
}

const badge = () => screen.queryByTestId('bell-badge');

describe('the bell', () => {
  it('shows the unread count up to 9, and 9+ above', () => {
    expect([0, 1, 9, 10, 250].map(badgeText)).toEqual(['0', '1', '9', '9+', '9+']);
  });

  it('badges 10 unread notifications as 9+, and 9 as 9', async () => {
    signedInAs([]);
    notificationServer(Array.from({ length: 10 }, (_, i) => notification(i, false)));
    const first = renderInApp(<NotificationBell />);
    await waitFor(() => expect(badge()?.textContent).toBe('9+'));
    first.unmount();

    notificationServer(Array.from({ length: 10 }, (_, i) => notification(i, i === 0)));
    renderInApp(<NotificationBell />);
    await waitFor(() => expect(badge()?.textContent).toBe('9'));
  });

  it('opening an unread notification shows it and marks it read; "mark all read" clears the badge', async () => {
    const user = userEvent.setup();
    signedInAs([]);
    const api = notificationServer([notification(1, false), notification(2, false), notification(3, true)]);
    renderInApp(<NotificationBell />);
    await waitFor(() => expect(badge()?.textContent).toBe('2'));

    await user.click(screen.getByTestId('bell'));
    const items = await screen.findAllByTestId('bell-item');
    expect(items.map((i) => within(i).queryByRole('img', { name: 'Unread' }) !== null)).toEqual([true, true, false]);
    await user.click(items[0]!);
    expect((await screen.findByTestId('notification-content')).textContent).toBe('Content 1');
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    const read = api.calls.filter((c) => c.method === 'POST' && c.path === '/user-notifications/read');
    expect(read.map((c) => c.query.get('id'))).toEqual([notification(1, false).id]);

    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('bell'));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(badge()).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.query.get('id'))).toEqual([notification(1, false).id, null]);
  });

  it('opening a notification that is read already sends nothing; "view all" goes to the notifications page', async () => {
    const user = userEvent.setup();
    signedInAs([]);
    const api = notificationServer([notification(1, true)]);
    renderInApp(<NotificationBell />, '/somewhere');
    await user.click(await screen.findByTestId('bell'));
    await user.click(await screen.findByTestId('bell-item'));
    expect((await screen.findByTestId('notification-content')).textContent).toBe('Content 1');
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('bell'));
    await user.click(await screen.findByRole('button', { name: 'View all' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications'));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
