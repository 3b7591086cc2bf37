import { Controller, Delete, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  P,
  disableAlertRequest,
  markNotificationsReadQuery,
  markNotificationsReadResponse,
  notificationItem,
  notificationListQuery,
  notificationListResponse,
  unreadCountResponse,
  type DisableAlertRequest,
  type MarkNotificationsReadQuery,
  type NotificationListResponse,
  type MarkNotificationsReadResponse,
  type NotificationItem,
  type NotificationListQuery,
  type UnreadCountResponse,
} from '@rfid/contracts';
import { SignedIn } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { languageOfHeader } from '../../../platform/http/language.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { NotificationCommands } from '../commands/notification.commands.js';
import { NotificationPushes } from '../processors/notification-pushes.js';
import { NotificationQueries } from '../queries/notifications.queries.js';

/** The permissions that show alerts: the gate history and the alert report. */
const ALERT_VIEWING_PERMISSIONS = [P.SECURITY_GATE_LOG_LIST, P.REPORT_ALERT_LIST];

/**
 * The signed-in user's own notifications: unread count, list, mark read, delete and disable alert;
 * any signed-in user may call them, for their own notifications only. Texts are rendered in the language of
 * Accept-Language ("vi…" Vietnamese, otherwise English).
 */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('user-notifications')
export class UserNotificationsController {
  constructor(
    private readonly commands: NotificationCommands,
    private readonly queries: NotificationQueries,
    private readonly pushes: NotificationPushes,
  ) {}

  @Get('un-read')
  @SignedIn()
  @ApiDoc({ summary: "The caller's unread notification count (the bell's badge)", response: unreadCountResponse })
  async unread(@CurrentPrincipal() principal: Principal): Promise<UnreadCountResponse> {
    return { total: await this.queries.unreadCount(principal.userId) };
  }

  @Get()
  @SignedIn()
  @ApiDoc({
    summary:
      "The caller's notifications, newest first. `total` is the UNREAD count (as SPEC says of this call), `totalItems` the count of all for paging; size is 5 (the bell), 10, 20, 30 or 50",
    query: notificationListQuery,
    response: notificationListResponse,
  })
  list(
    @CurrentPrincipal() principal: Principal,
    @ZodQuery(notificationListQuery) query: NotificationListQuery,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<NotificationListResponse> {
    return this.queries.list(principal.userId, query, languageOfHeader(acceptLanguage));
  }

  @Post('read')
  @HttpCode(200)
  @SignedIn()
  @ApiDoc({
    summary: 'Mark the notification `id` read, or all of the caller\'s when no id is given; answers the unread count after and how many changed now',
    query: markNotificationsReadQuery,
    response: markNotificationsReadResponse,
  })
  async read(
    @CurrentPrincipal() principal: Principal,
    @ZodQuery(markNotificationsReadQuery) { id }: MarkNotificationsReadQuery,
  ): Promise<MarkNotificationsReadResponse> {
    const { marked } = await this.commands.markRead(principal.userId, id);
    if (marked > 0) await this.pushes.changed([principal.userId]);
    return { total: await this.queries.unreadCount(principal.userId), marked };
  }

  @Delete(':id')
  @HttpCode(204)
  @SignedIn()
  @ApiDoc({ summary: 'Delete one of the caller\'s notifications', params: ['id'] })
  async remove(@CurrentPrincipal() principal: Principal, @ZodParam('id', uuidParam) id: string): Promise<void> {
    await this.commands.delete(principal.userId, id);
    await this.pushes.changed([principal.userId]);
  }

  @Post(':id/disable-alert')
  @HttpCode(200)
  @SignedIn()
  @ApiDoc({
    summary:
      'Act on the alert of one of the caller\'s notifications: with `{ reason }` disable it (its alarm goes off and it is no longer active); with an empty body ("disable ping") switch its alarm off and leave it active. Needs SECURITY_GATE_LOG_LIST or REPORT_ALERT_LIST besides the notification (403 FORBIDDEN). 400 if the notification has no alertLogId, 409 ALERT_ALREADY_DISABLED once disabled. Answers the notification as it is now',
    params: ['id'],
    body: disableAlertRequest,
    response: notificationItem,
  })
  async disableAlert(
    @CurrentPrincipal() principal: Principal,
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(disableAlertRequest) body: DisableAlertRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<NotificationItem> {
    const { alertLogId } = await this.commands.disableAlert(
      // whoever may not see alerts (neither the gate history nor the alert report) may not silence one either
      { id: principal.userId, username: principal.username, mayActOnAlerts: ALERT_VIEWING_PERMISSIONS.some((p) => principal.permissions.has(p)) },
      id,
      body.reason ?? null,
    );
    // Everyone who received this alert now sees it disabled.
    await this.pushes.changed(await this.queries.recipientsOfAlert(alertLogId));
    return this.queries.get(principal.userId, id, languageOfHeader(acceptLanguage));
  }
}
