import { useCallback } from 'react';
import useSWR, { mutate } from 'swr';
import { api } from '../../api/client';
import { usePush } from '../../app/realtime';

export interface NotificationItem {
  id: string;
  title: string | null;
  content: string | null;
  createdAt: string;
  isRead: boolean;
  readerHostName: string | null;
  readerName: string | null;
  alertLogId: string | null;
  disableBy: string | null;
  disableTime: string | null;
  disableReason: string | null;
}

export interface NotificationPage {
  data: NotificationItem[];
  /** The list answer's total is the unread count, not the count of the list. */
  total: number;
  page: number;
  size: number;
  totalItems: number;
}

export const POLL_MS = 15_000;
export const DROPDOWN_SIZE = 5;
export const UNREAD_KEY = '/user-notifications/un-read';
export const dropdownKey = `/user-notifications?page=1&size=${DROPDOWN_SIZE}`;

/** Failures of these calls are silently ignored: no toast, the next poll tries again. */
const quiet = <T,>(path: string) => api<T>(path).catch(() => undefined as T);

export function refreshNotifications(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith('/user-notifications'));
}

export function useUnreadCount(): number {
  const { data } = useSWR<{ total: number }>(UNREAD_KEY, quiet, { refreshInterval: POLL_MS });
  return data?.total ?? 0;
}

export function useNotificationPage(key: string): { page: NotificationPage | undefined; loading: boolean } {
  const { data, isLoading } = useSWR<NotificationPage>(key, quiet, { refreshInterval: POLL_MS });
  return { page: data, loading: isLoading };
}

/** A pushed notification refreshes the bell and the list at once, without waiting for the poll. */
export function useNotificationPushes(): void {
  const onPush = useCallback(() => void refreshNotifications(), []);
  usePush('notification', onPush);
  usePush('notifications:changed', onPush);
}

export async function markRead(id?: string): Promise<void> {
  await api('/user-notifications/read', { method: 'POST', query: { id } }).catch(() => {});
  await refreshNotifications();
}

export async function deleteNotification(id: string): Promise<void> {
  await api(`/user-notifications/${id}`, { method: 'DELETE' });
  await refreshNotifications();
}

export async function disableAlert(id: string, reason: string | undefined): Promise<void> {
  await api(`/user-notifications/${id}/disable-alert`, { method: 'POST', body: reason === undefined ? {} : { reason } });
  await refreshNotifications();
}
