import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.public.js';
import { NOTIFICATION_COMMAND_HANDLERS } from './commands/notification.commands.js';
import { UserNotificationsController } from './http/user-notifications.controller.js';
import { NotificationPushes } from './processors/notification-pushes.js';
import { NotificationsProcessorLifecycle } from './processors/notifications.processor.js';
import { NOTIFICATION_QUERY_HANDLERS, NotificationQueries } from './queries/notifications.queries.js';

/**
 * The notification centre: each user's notifications (written by a processor from the events of
 * NOTIFICATION_SOURCES), the bell's calls (unread count, list, mark read, delete, disable alert),
 * and their pushes over socket.io.
 */
@Module({
  imports: [AlertsModule],
  controllers: [UserNotificationsController],
  providers: [NotificationQueries, ...NOTIFICATION_QUERY_HANDLERS, NotificationPushes, NotificationsProcessorLifecycle, ...NOTIFICATION_COMMAND_HANDLERS],
})
export class NotificationsModule {}
