import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { ActOnAlert } from '../../alerts/alerts.public.js';
import { NotificationPushes } from '../processors/notification-pushes.js';
import { NotificationQueries } from '../queries/notifications.queries.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';

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

/*
 * The notifications module's commands, each a message on the CommandBus and its handler. Reading and deleting change a user's own inbox, not the business (its unread count is pushed to the user): they update the module's notifications table directly and append no event, so the system log is not filled with clicks. Disabling an alert is a decision others rely on: it goes the platform's one way (an AlertDisabled event on the alert's stream), audited like any other.
 */

/** Marks one of the user's notifications read, or all of them when `notificationId` is absent. */
export class MarkNotificationsRead extends commandOf<{ userId: string; notificationId?: string }, { marked: number }>() {}

@CommandHandler(MarkNotificationsRead)
export class MarkNotificationsReadHandler implements ICommandHandler<MarkNotificationsRead> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly pushes: NotificationPushes,
  ) {}

  async execute({ userId, notificationId }: MarkNotificationsRead): Promise<{ marked: number }> {
    if (notificationId) await ownNotification(this.platform, userId, notificationId);
    let update = this.platform.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null);
    if (notificationId) update = update.where('id', '=', notificationId);
    const result = await update.executeTakeFirst();
    const marked = Number(result.numUpdatedRows);
    if (marked > 0) await this.pushes.changed([userId]);
    return { marked };
  }
}

export class DeleteNotification extends commandOf<{ userId: string; notificationId: string }>() {}

@CommandHandler(DeleteNotification)
export class DeleteNotificationHandler implements ICommandHandler<DeleteNotification> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly pushes: NotificationPushes,
  ) {}

  async execute({ userId, notificationId }: DeleteNotification): Promise<void> {
    await ownNotification(this.platform, userId, notificationId);
    await this.platform.db
      .updateTable('notifications')
      .set({ deleted_at: new Date() })
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    await this.pushes.changed([userId]);
  }
}

/**
   * Acts on the alert a notification of the user tells of: with a reason it disables the alert (the
   * alarm goes off with it); without one (the "disable ping") it switches the alarm off and leaves the
   * alert active. A notification of no alert is refused.
   */
export class ActOnNotifiedAlert extends commandOf<{ user: { id: string; username: string; mayActOnAlerts: boolean }; notificationId: string; reason: string | null }, { alertLogId: string }>() {}

@CommandHandler(ActOnNotifiedAlert)
export class ActOnNotifiedAlertHandler implements ICommandHandler<ActOnNotifiedAlert> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly commandBus: CommandBus,
    private readonly pushes: NotificationPushes,
    private readonly queries: NotificationQueries,
  ) {}

  async execute({ user, notificationId, reason }: ActOnNotifiedAlert): Promise<{ alertLogId: string }> {
    const notification = await ownNotification(this.platform, user.id, notificationId);
    if (!user.mayActOnAlerts) throw new AppError('FORBIDDEN', { needs: 'SECURITY_GATE_LOG_LIST or REPORT_ALERT_LIST' });
    const alertLogId = notification.alert_log_id;
    if (!alertLogId) {
      throw new AppError('BAD_REQUEST_ERROR', [
        { field: 'id', rule: 'not_an_alert', message: 'Only a notification of an alert (one with an alertLogId) can be disabled; this one has none' },
      ]);
    }
    const by = { id: user.id, username: user.username };
    await this.commandBus.execute(
      new ActOnAlert({ command: reason ? { kind: 'disable', alertId: alertLogId, by, reason, notificationId } : { kind: 'switch-alarm-off', alertId: alertLogId, by } }),
    );
    // everyone who received this alert now sees it changed
    await this.pushes.changed(await this.queries.recipientsOfAlert(alertLogId));
    return { alertLogId };
  }
}

export const NOTIFICATION_COMMAND_HANDLERS = [MarkNotificationsReadHandler, DeleteNotificationHandler, ActOnNotifiedAlertHandler];
