/**
 * The socket.io channel of DESIGN.md D7: its path on the API's HTTP server and the events it pushes.
 * Connect with `io(origin, { path: REALTIME_PATH, auth: { token, lang } })`; `lang` ('vi' | 'en',
 * default from Accept-Language, else 'en') is the language pushed texts are rendered in.
 */
export const REALTIME_PATH = '/ws';

export const REALTIME_EVENTS = {
  /** A new notification for the connected user: a NotificationItem. */
  NOTIFICATION: 'notification',
  /** The connected user's unread count changed: `{ total }`, as GET /api/user-notifications/un-read. */
  NOTIFICATIONS_CHANGED: 'notifications:changed',
} as const;

/** Why a connection is refused (the `connect_error` message). */
export const REALTIME_UNAUTHORIZED = 'UNAUTHORIZED';
