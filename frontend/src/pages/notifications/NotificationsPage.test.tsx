import { screen, within } from '@testing-library/react';
import type { NotificationListResponse } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import { notification } from '../../testing/notification-fixtures';
import NotificationsPage from './NotificationsPage';


describe('the notifications page', () => {
  it('marks each unread row, visibly and for a screen reader; read rows are plain', async () => {
    signedInAs([]);
    const items = [notification(1, false), notification(2, true)];
    fakeApi({
      'GET /user-notifications': (): NotificationListResponse => ({ data: items, total: 1, page: 1, size: 10, totalItems: 2 }),
      'GET /user-notifications/un-read': () => ({ total: 1 }),
    });
    renderInApp(<NotificationsPage />, '/notifications');
    const unread = (await screen.findByText('Title 1')).closest('tr')!;
    const read = screen.getByText('Title 2').closest('tr')!;
    expect(within(unread).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(unread.classList.contains('unread-row')).toBe(true);
    expect(within(read).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(read.classList.contains('unread-row')).toBe(false);
  });
});
