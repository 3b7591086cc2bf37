import { Command } from '@nestjs/cqrs';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { executeOnStream } from '../../../platform/event-store/stream-command.js';
import type { Platform } from '../../../platform/platform.js';
import { alertModel, decideDisableAlert } from '../domain/alert.js';

/*
 * Reading and deleting change a user's own inbox, not the business: they update the notifications
 * table directly and append no event, so the system log is not filled with clicks. Disabling an
 * alert is a decision others rely on: it is an event (AlertDisabled), audited like any other.
 */

export class MarkNotificationsRead extends Command<{ marked: number }> {
  constructor(
    readonly userId: string,
    /** One notification; all of the user's when absent. */
    readonly notificationId?: string,
  ) {
    super();
  }
}

export class DeleteNotification extends Command<void> {
  constructor(
    readonly userId: string,
    readonly notificationId: string,
  ) {
    super();
  }
}

export class DisableAlertOfNotification extends Command<{ alertLogId: string }> {
  constructor(
    readonly user: { id: string; username: string },
    readonly notificationId: string,
    readonly reason: string | null,
  ) {
    super();
  }
}

/** The caller's own, visible notification, or NOT_FOUND (another user's included). */
async function ownNotification(platform: Platform, userId: string, id: string) {
  const row = await platform.db
    .selectFrom('notifications')
    .select(['id', 'alert_log_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export const NOTIFICATION_COMMAND_HANDLERS = [
  commandHandler(MarkNotificationsRead, async (platform, { userId, notificationId }) => {
    if (notificationId) await ownNotification(platform, userId, notificationId);
    let update = platform.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null);
    if (notificationId) update = update.where('id', '=', notificationId);
    const result = await update.executeTakeFirst();
    return { marked: Number(result.numUpdatedRows) };
  }),

  commandHandler(DeleteNotification, async (platform, { userId, notificationId }) => {
    await ownNotification(platform, userId, notificationId);
    await platform.db
      .updateTable('notifications')
      .set({ deleted_at: new Date() })
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }),

  commandHandler(DisableAlertOfNotification, async (platform, { user, notificationId, reason }) => {
    const notification = await ownNotification(platform, user.id, notificationId);
    const alertLogId = notification.alert_log_id;
    if (!alertLogId) {
      throw new AppError('BAD_REQUEST_ERROR', [
        { field: 'id', rule: 'not_an_alert', message: 'Only a notification of an alert (one with an alertLogId) can be disabled; this one has none' },
      ]);
    }
    await executeOnStream(platform.store, alertModel, alertLogId, (state) =>
      decideDisableAlert(state, { alertLogId, notificationId, by: { id: user.id, username: user.username }, reason }),
    );
    return { alertLogId };
  }),
];
