import type { NotificationItem } from '@rfid/contracts';

/** Notification number `n` ("Title n", "Content n"), read or not, created now. */
export function notification(n: number, isRead: boolean): NotificationItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Title ${n}`,
    content: `Content ${n}`,
    createdAt: new Date().toISOString(),
    isRead,
    readerHostName: null,
    readerName: null,
    alertLogId: null,
    disableBy: null,
    disableTime: null,
    disableReason: null,
    messageKey: 'test',
    params: {},
  };
}
