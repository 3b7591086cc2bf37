import { Injectable } from '@nestjs/common';
import {
  renderNotificationMessage,
  type Language,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationParams,
} from '@rfid/contracts';
import { pageOf } from '../../../platform/database/paging.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

export interface NotificationRow {
  id: string;
  user_id: string;
  message_key: string;
  params: NotificationParams;
  alert_log_id: string | null;
  reader_host_name: string | null;
  reader_name: string | null;
  created_at: Date;
  read_at: Date | null;
  disabled_by: string | null;
  disabled_at: Date | null;
  disable_reason: string | null;
}

/** A stored notification as the screens show it, its text rendered in the reader's language. */
export function toNotificationItem(r: NotificationRow, lang: Language): NotificationItem {
  const { title, content } = renderNotificationMessage(r.message_key, r.params, lang);
  return {
    id: r.id,
    title,
    content,
    createdAt: r.created_at.toISOString(),
    isRead: r.read_at !== null,
    readerHostName: r.reader_host_name,
    readerName: r.reader_name,
    alertLogId: r.alert_log_id,
    disableBy: r.disabled_by,
    disableTime: r.disabled_at?.toISOString() ?? null,
    disableReason: r.disable_reason,
    messageKey: r.message_key,
    params: r.params,
  };
}

/**
 * Reads of one user's notifications. Every read is scoped to the caller: another user's notification
 * is NOT_FOUND, exactly as one that does not exist, so ids reveal nothing.
 */
@Injectable()
export class NotificationQueries {
  constructor(private readonly platform: Platform) {}

  /** Visible notifications (not deleted) with their alert's disable, if any. */
  private visible() {
    return this.platform.db
      .selectFrom('notifications as n')
      .leftJoin('alert_disablements as d', 'd.alert_log_id', 'n.alert_log_id')
      .select([
        'n.id',
        'n.user_id',
        'n.message_key',
        'n.params',
        'n.alert_log_id',
        'n.reader_host_name',
        'n.reader_name',
        'n.created_at',
        'n.read_at',
        'd.disabled_by',
        'd.disabled_at',
        'd.reason as disable_reason',
      ])
      .where('n.deleted_at', 'is', null);
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.platform.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Newest first by default. `total` is the unread count (the bell's badge reads it from this call); `totalItems` what the pages cover. */
  async list(userId: string, q: NotificationListQuery, lang: Language): Promise<NotificationListResponse> {
    const query = this.visible().where('n.user_id', '=', userId).orderBy('n.created_at', q.sort.dir).orderBy('n.seq', q.sort.dir);
    const [page, unread] = await Promise.all([pageOf(query, q, (r) => toNotificationItem(r, lang)), this.unreadCount(userId)]);
    return { ...page, total: unread, totalItems: page.total };
  }

  async get(userId: string, id: string, lang: Language): Promise<NotificationItem> {
    const row = await this.visible().where('n.user_id', '=', userId).where('n.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return toNotificationItem(row, lang);
  }

  /** The visible notifications that these events caused, whoever they went to (for the pushes). */
  async causedBy(sourceEventIds: string[]): Promise<NotificationRow[]> {
    if (sourceEventIds.length === 0) return [];
    return this.visible().where('n.source_event_id', 'in', sourceEventIds).orderBy('n.seq').execute();
  }

  /** The users who hold a notification of this alert. */
  async recipientsOfAlert(alertLogId: string): Promise<string[]> {
    const rows = await this.platform.db
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where('alert_log_id', '=', alertLogId)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.user_id);
  }
}

/*
 * The notification centre's queries, each a message on the QueryBus and its handler reading the inbox above.
 */

/** How many of a user's notifications are unread. */
export class CountUnreadNotifications extends answeredBy(NotificationQueries, (notifications, userId: string) => notifications.unreadCount(userId)) {}

/** A page of a user's notifications, in their language. */
export class ListNotifications extends answeredBy(NotificationQueries, (notifications, userId: string, query: NotificationListQuery, language: Language) => notifications.list(userId, query, language)) {}

/** One of a user's notifications, in their language. */
export class GetNotification extends answeredBy(NotificationQueries, (notifications, userId: string, notificationId: string, language: Language) => notifications.get(userId, notificationId, language)) {}

export const NOTIFICATION_QUERY_HANDLERS = handlersOf(CountUnreadNotifications, ListNotifications, GetNotification);
