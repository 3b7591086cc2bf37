import { API, REALTIME_EVENTS, UI_CONSTANTS, type DisableAlertRequest, type NotificationListResponse, type UnreadCountResponse } from '@rfid/contracts';
import { useCallback } from 'react';
import useSWR, { mutate } from 'swr';
import { api, call, withQuery } from '../../api/client';
import { usePush } from '../../app/realtime';

const ENDPOINT = API.userNotifications.list.path;
export const UNREAD_KEY = API.userNotifications.unread.path;

/** The list's page of notifications; the bell asks for the latest five. */
export const notificationPageKey = (page: number, size: number): string => withQuery(ENDPOINT, { page, size });
export const BELL_KEY = notificationPageKey(1, UI_CONSTANTS.NOTIFICATION_DROPDOWN_SIZE);

/** Failures of these reads are not shown: no toast, the next poll tries again. */
const quiet = <T,>(path: string) => api<T>(path).catch(() => undefined as T);

export function refreshNotifications(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(ENDPOINT));
}

export function useUnreadCount(): number {
  const { data } = useSWR<UnreadCountResponse>(UNREAD_KEY, quiet, { refreshInterval: UI_CONSTANTS.NOTIFICATION_POLL_MS });
  return data?.total ?? 0;
}

export function useNotificationPage(key: string): { page: NotificationListResponse | undefined; loading: boolean } {
  const { data, isLoading } = useSWR<NotificationListResponse>(key, quiet, { refreshInterval: UI_CONSTANTS.NOTIFICATION_POLL_MS });
  return { page: data, loading: isLoading };
}

/** A pushed notification refreshes the bell and the list at once, without waiting for the poll. */
export function useNotificationPushes(): void {
  const onPush = useCallback(() => void refreshNotifications(), []);
  usePush(REALTIME_EVENTS.NOTIFICATION, onPush);
  usePush(REALTIME_EVENTS.NOTIFICATIONS_CHANGED, onPush);
}

/** Marks one notification read, or all of the user's without an id; a failure is not shown. */
export async function markRead(id?: string): Promise<void> {
  await call(API.userNotifications.read, { query: { id } }).catch(() => {});
  await refreshNotifications();
}

export async function deleteNotification(id: string): Promise<void> {
  await call(API.userNotifications.remove, { params: { id } });
  await refreshNotifications();
}

export async function disableAlert(id: string, reason: string | undefined): Promise<void> {
  const body: DisableAlertRequest = reason === undefined ? {} : { reason };
  await call(API.userNotifications.disableAlert, { params: { id }, body });
  await refreshNotifications();
}
