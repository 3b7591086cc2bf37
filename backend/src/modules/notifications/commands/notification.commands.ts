import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { ActOnAlert } from '../../alerts/alerts.public.js';

/**
 * The notifications module's commands. Reading and deleting change a user's own inbox, not the
 * business: they update the module's notifications table directly and append no event, so the
 * system log is not filled with clicks. Disabling an alert is a decision others rely on: it goes the
 * platform's one way (an AlertDisabled event on the alert's stream), audited like any other.
 */
@Injectable()
export class NotificationCommands {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly commandBus: CommandBus,
  ) {}

  /** Marks one of the user's notifications read, or all of them when `notificationId` is absent. */
  async markRead(userId: string, notificationId?: string): Promise<{ marked: number }> {
    if (notificationId) await this.ownNotification(userId, notificationId);
    let update = this.platform.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null);
    if (notificationId) update = update.where('id', '=', notificationId);
    const result = await update.executeTakeFirst();
    return { marked: Number(result.numUpdatedRows) };
  }

  async delete(userId: string, notificationId: string): Promise<void> {
    await this.ownNotification(userId, notificationId);
    await this.platform.db
      .updateTable('notifications')
      .set({ deleted_at: new Date() })
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Acts on the alert a notification of the user tells of: with a reason it disables the alert (the
   * alarm goes off with it); without one (the "disable ping") it switches the alarm off and leaves the
   * alert active. A notification of no alert is refused.
   */
  async disableAlert(user: { id: string; username: string; mayActOnAlerts: boolean }, notificationId: string, reason: string | null): Promise<{ alertLogId: string }> {
    const notification = await this.ownNotification(user.id, notificationId);
    if (!user.mayActOnAlerts) throw new AppError('FORBIDDEN', { needs: 'SECURITY_GATE_LOG_LIST or REPORT_ALERT_LIST' });
    const alertLogId = notification.alert_log_id;
    if (!alertLogId) {
      throw new AppError('BAD_REQUEST_ERROR', [
        { field: 'id', rule: 'not_an_alert', message: 'Only a notification of an alert (one with an alertLogId) can be disabled; this one has none' },
      ]);
    }
    const by = { id: user.id, username: user.username };
    await this.commandBus.execute(
      new ActOnAlert(reason ? { kind: 'disable', alertId: alertLogId, by, reason, notificationId } : { kind: 'switch-alarm-off', alertId: alertLogId, by }),
    );
    return { alertLogId };
  }

  /** The caller's own, visible notification, or NOT_FOUND (another user's included). */
  private async ownNotification(userId: string, id: string) {
    const row = await this.platform.db
      .selectFrom('notifications')
      .select(['id', 'alert_log_id'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
