import { Headers } from '@nestjs/common';
import {
  API,
  P,
  type DisableAlertRequest,
  type MarkNotificationsReadQuery,
  type NotificationListResponse,
  type MarkNotificationsReadResponse,
  type NotificationItem,
  type NotificationListQuery,
  type UnreadCountResponse,
} from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { languageOfHeader } from '../../../platform/http/language.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { ActOnNotifiedAlert, DeleteNotification, MarkNotificationsRead } from '../commands/notification.commands.js';
import { CountUnreadNotifications, GetNotification, ListNotifications } from '../queries/notifications.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

/** The permissions that show alerts: the gate history and the alert report. */
const ALERT_VIEWING_PERMISSIONS = [P.SECURITY_GATE_LOG_LIST, P.REPORT_ALERT_LIST];

const R = API.userNotifications;

/**
 * The signed-in user's own notifications: unread count, list, mark read, delete and disable alert;
 * any signed-in user may call them, for their own notifications only. Texts are rendered in the language of
 * Accept-Language ("vi…" Vietnamese, otherwise English).
 */
@ApiController('notifications')
export class UserNotificationsController extends BusController {
  @Route(R.unread)
  async unread(@CurrentPrincipal() principal: Principal): Promise<UnreadCountResponse> {
    return { total: await this.queries.execute(new CountUnreadNotifications(principal.userId)) };
  }

  @Route(R.list)
  list(
    @CurrentPrincipal() principal: Principal,
    @RouteQuery(R.list) query: NotificationListQuery,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<NotificationListResponse> {
    return this.queries.execute(new ListNotifications(principal.userId, query, languageOfHeader(acceptLanguage)));
  }

  @Route(R.read)
  async read(
    @CurrentPrincipal() principal: Principal,
    @RouteQuery(R.read) { id }: MarkNotificationsReadQuery,
  ): Promise<MarkNotificationsReadResponse> {
    const { marked } = await this.commands.execute(new MarkNotificationsRead({ userId: principal.userId, notificationId: id }));
    return { total: await this.queries.execute(new CountUnreadNotifications(principal.userId)), marked };
  }

  @Route(R.remove)
  async remove(@CurrentPrincipal() principal: Principal, @RouteParam(R.remove, 'id') id: string): Promise<void> {
    await this.commands.execute(new DeleteNotification({ userId: principal.userId, notificationId: id }));
  }

  @Route(R.disableAlert)
  async disableAlert(
    @CurrentPrincipal() principal: Principal,
    @RouteParam(R.disableAlert, 'id') id: string,
    @RouteBody(R.disableAlert) body: DisableAlertRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<NotificationItem> {
    await this.commands.execute(
      new ActOnNotifiedAlert({
        // whoever may not see alerts (neither the gate history nor the alert report) may not silence one either
        user: { id: principal.userId, username: principal.username, mayActOnAlerts: ALERT_VIEWING_PERMISSIONS.some((p) => principal.permissions.has(p)) },
        notificationId: id,
        reason: body.reason ?? null,
      }),
    );
    return this.queries.execute(new GetNotification(principal.userId, id, languageOfHeader(acceptLanguage)));
  }
}
