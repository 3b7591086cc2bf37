import { Injectable } from '@nestjs/common';
import { REALTIME_EVENTS, type UnreadCountResponse } from '@rfid/contracts';
import { InTurnByKey } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { NotificationQueries, toNotificationItem } from '../queries/notifications.queries.js';

/**
 * What the notification centre pushes over socket.io: each new notification to its user (rendered in
 * the language each connection asked for), and the user's unread count whenever it may have changed.
 * A push is a hint on top of the browser's 15-second polling: a failure is logged, never thrown.
 */
@Injectable()
export class NotificationPushes {
  private readonly unreadCounts = new InTurnByKey();

  constructor(
    private readonly realtime: RealtimeGateway,
    private readonly queries: NotificationQueries,
    private readonly platform: Platform,
  ) {}

  /** The notifications these events caused were committed. */
  async created(sourceEventIds: string[]): Promise<void> {
    await this.safely(async () => {
      const rows = await this.queries.causedBy(sourceEventIds);
      for (const row of rows) {
        this.realtime.everywhere.toUserInLanguage(row.user_id, REALTIME_EVENTS.NOTIFICATION, (lang) => toNotificationItem(row, lang));
      }
      for (const userId of new Set(rows.map((r) => r.user_id))) await this.sendUnreadCount(userId);
    });
  }

  /** The user read, deleted or disabled something: every tab of theirs refreshes its badge and list. */
  async changed(userIds: string[]): Promise<void> {
    await this.safely(async () => {
      for (const userId of new Set(userIds)) await this.sendUnreadCount(userId);
    });
  }

  /**
   * The user's unread count, read and pushed after any of theirs under way: counts read side by side
   * could arrive in the other order, and the badge keep the older until the next poll.
   */
  private sendUnreadCount(userId: string): Promise<void> {
    return this.unreadCounts.run(userId, async () => {
      const payload: UnreadCountResponse = { total: await this.queries.unreadCount(userId) };
      this.realtime.everywhere.toUser(userId, REALTIME_EVENTS.NOTIFICATIONS_CHANGED, payload);
    });
  }

  private async safely(push: () => Promise<void>): Promise<void> {
    try {
      await push();
    } catch (err) {
      this.platform.logger.warn({ err }, 'notification push failed');
    }
  }
}
