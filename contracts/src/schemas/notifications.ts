import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { DEFAULT_PAGE, LIMITS, PAGE_SIZES, UI_CONSTANTS } from '../limits.js';
import { pageSizeQuery, sortQuery, storableText } from './common.js';

/**
 * The list page sizes (10, 20, 30, 50) plus 5: the header bell lists the five latest notifications
 * and asks for them with page=1&size=5, so the list must accept that size too.
 */
export const NOTIFICATION_PAGE_SIZES = [UI_CONSTANTS.NOTIFICATION_DROPDOWN_SIZE, ...PAGE_SIZES] as const;

/** The notification list's columns. */
export const NOTIFICATION_COLUMNS = defineListColumns({
  title: { label: 'notifications.title_col' },
  content: { label: 'notifications.content' },
  createdAt: { label: 'notifications.created_at', sort: true },
});

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.PAGE_MAX).default(DEFAULT_PAGE),
  size: pageSizeQuery(NOTIFICATION_PAGE_SIZES),
  /** Newest first unless asked otherwise; any other sort is refused, as on every list. */
  sort: sortQuery(sortColumnKeys(NOTIFICATION_COLUMNS), 'createdAt:desc'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** POST /user-notifications/read: with `id` that notification, without it all of the caller's. */
export const markNotificationsReadQuery = z.object({ id: z.uuid().optional() });
export type MarkNotificationsReadQuery = z.infer<typeof markNotificationsReadQuery>;

/**
 * The disable-alert dialog sends `{ reason }` (non-empty after trimming, at most 500 characters); the "disable
 * ping" button sends an empty body, which disables without a reason.
 */
export const disableAlertRequest = z.object({
  reason: storableText().trim().min(1).max(LIMITS.DISABLE_REASON_MAX).nullish(),
});
export type DisableAlertRequest = z.infer<typeof disableAlertRequest>;

export const notificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/**
 * One notification as the bell, the list page and the detail dialog show it. `title`
 * and `content` are rendered in the request's language from `messageKey` and `params`, which are
 * there too so a client can render a pushed notification in its own language.
 */
export const notificationItem = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  /** The gate (reader) behind an alert; null for other notifications. */
  readerHostName: z.string().nullable(),
  readerName: z.string().nullable(),
  /** The alert this notification reports; only such a notification can be disabled. */
  alertLogId: z.string().nullable(),
  /** Username of whoever disabled the alert, when (ISO 8601), and why (null for "disable ping"). */
  disableBy: z.string().nullable(),
  disableTime: z.string().nullable(),
  disableReason: z.string().nullable(),
  messageKey: z.string(),
  params: notificationParams,
});
export type NotificationItem = z.infer<typeof notificationItem>;

/**
 * The list answer. `total` is the caller's UNREAD count, not the count of the list (the bell's
 * badge reads it from this call); `totalItems` counts all of the caller's notifications, for paging.
 */
export const notificationListResponse = z.object({
  data: z.array(notificationItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  totalItems: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** GET /user-notifications/un-read, and the payload of the `notifications:changed` push. */
export const unreadCountResponse = z.object({ total: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** POST /user-notifications/read: the unread count afterwards and how many were marked now. */
export const markNotificationsReadResponse = z.object({ total: z.number().int(), marked: z.number().int() });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponse>;
