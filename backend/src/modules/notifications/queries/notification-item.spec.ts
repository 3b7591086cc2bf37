import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toNotificationItem, type NotificationRow } from './notifications.queries.js';

const row: NotificationRow = {
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  message_key: 'ACCOUNT_LOCKED',
  params: { by: 'admin' },
  alert_log_id: 'A-7',
  reader_host_name: '10.0.0.7',
  reader_name: 'Gate 1',
  created_at: new Date('2026-01-02T03:04:05.000Z'),
  read_at: null,
  disabled_by: 'bob',
  disabled_at: new Date('2026-01-02T04:00:00.000Z'),
  disable_reason: 'drill',
};

describe('notification item', () => {
  it('renders the text in the asked language and keeps the key and parameters', () => {
    assert.deepEqual(toNotificationItem(row, 'en'), {
      id: row.id,
      title: 'Your account was locked',
      content: 'An administrator (admin) locked your account. You cannot sign in until it is unlocked.',
      createdAt: '2026-01-02T03:04:05.000Z',
      isRead: false,
      readerHostName: '10.0.0.7',
      readerName: 'Gate 1',
      alertLogId: 'A-7',
      disableBy: 'bob',
      disableTime: '2026-01-02T04:00:00.000Z',
      disableReason: 'drill',
      messageKey: 'ACCOUNT_LOCKED',
      params: { by: 'admin' },
    });
    assert.equal(toNotificationItem(row, 'vi').title, 'Tài khoản của bạn đã bị khóa');
  });

  it('read once it has a read time; no disable fields while the alert is active', () => {
    const item = toNotificationItem({ ...row, read_at: new Date(), disabled_by: null, disabled_at: null, disable_reason: null }, 'en');
    assert.equal(item.isRead, true);
    assert.deepEqual([item.disableBy, item.disableTime, item.disableReason], [null, null, null]);
  });
});
