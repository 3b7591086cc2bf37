import { disableAlertRequest, markNotificationsReadQuery, markNotificationsReadResponse, notificationItem, notificationListQuery, notificationListResponse, unreadCountResponse } from '../schemas/notifications.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** A user's own notifications. */
export const USER_NOTIFICATIONS_API = {
  unread: route({
    method: 'GET',
    path: '/user-notifications/un-read',
    access: access.signedIn,
    summary: "The caller's unread notification count (the bell's badge)",
    response: unreadCountResponse,
  }),
  list: route({
    method: 'GET',
    path: '/user-notifications',
    access: access.signedIn,
    summary: "The caller's notifications, newest first. `total` is the UNREAD count (as SPEC says of this call), `totalItems` the count of all for paging; size is 5 (the bell), 10, 20, 30 or 50",
    query: notificationListQuery,
    response: notificationListResponse,
  }),
  read: route({
    method: 'POST',
    path: '/user-notifications/read',
    access: access.signedIn,
    summary: 'Mark the notification `id` read, or all of the caller\'s when no id is given; answers the unread count after and how many changed now',
    query: markNotificationsReadQuery,
    response: markNotificationsReadResponse,
    status: 200,
  }),
  remove: route({
    method: 'DELETE',
    path: '/user-notifications/:id',
    access: access.signedIn,
    summary: 'Delete one of the caller\'s notifications',
    status: 204,
  }),
  disableAlert: route({
    method: 'POST',
    path: '/user-notifications/:id/disable-alert',
    access: access.signedIn,
    summary: 'Act on the alert of one of the caller\'s notifications: with `{ reason }` disable it (its alarm goes off and it is no longer active); with an empty body ("disable ping") switch its alarm off and leave it active. Needs SECURITY_GATE_LOG_LIST or REPORT_ALERT_LIST besides the notification (403 FORBIDDEN). 400 if the notification has no alertLogId, 409 ALERT_ALREADY_DISABLED once disabled. Answers the notification as it is now',
    body: disableAlertRequest,
    response: notificationItem,
    status: 200,
  }),
} as const;
