/**
 * The socket.io channel of pushes: its path on the API's HTTP server and the events it pushes.
 * Connect with `io(origin, { path: REALTIME_PATH, auth: { token, lang } })`; `lang` ('vi' | 'en',
 * default from Accept-Language, else 'en') is the language pushed texts are rendered in.
 */
export const REALTIME_PATH = '/ws';

export const REALTIME_EVENTS = {
  /** A new notification for the connected user: a NotificationItem. */
  NOTIFICATION: 'notification',
  /** The connected user's unread count changed: `{ total }`, as GET /api/user-notifications/un-read. */
  NOTIFICATIONS_CHANGED: 'notifications:changed',
  /** How far an Excel import that the connected user started has got: an ImportProgress. */
  IMPORT_PROGRESS: 'import:progress',
  /** A reader's connection, heartbeat, temperature, reads per second or scanning changed: a DeviceStatusPush (the real-time topic /topic/get_status). */
  DEVICE_STATUS: 'device:status',
  /** A reader's device mode, operating mode or switch changed: a DeviceModePush (the real-time topic /topic/get_mode). */
  DEVICE_MODE: 'device:mode',
  /** A ticket being scanned counted tags: a TicketProgressPush, to whoever may see the ticket's detail. */
  TICKET_PROGRESS: 'ticket:progress',
  /** A gate decided a pass: a GatePassView, to whoever may see the gate history. */
  GATE_PASS: 'gate:pass',
  /** An alert was raised or changed (alarm off, disabled): an AlertView, to whoever may see alerts. */
  ALERT: 'alert',
  /** A stocktake counted tags, was reset, started or closed: a StocktakeProgressPush, to whoever may see stocktakes. */
  STOCKTAKE_PROGRESS: 'stocktake:progress',
  /** A quick count started, counted tags or stopped: a CountingView, to whoever may see counting. */
  COUNTING: 'counting',
  /** The settings every screen shows (product name, default page size) changed: a PublicSystemSettings, to everyone signed in. */
  PUBLIC_SETTINGS: 'settings:public',
} as const;

/**
 * The request header that names an Excel import so its progress can be followed: the browser makes
 * an id (1–64 letters, digits or '-'), sends it with the upload and listens for IMPORT_PROGRESS pushes
 * carrying it. Without the header an import runs the same, unreported.
 */
export const IMPORT_PROGRESS_HEADER = 'x-progress-id';

/** The steps of an import: reading the file (done/total in bytes), checking rows, writing rows. */
export const IMPORT_PHASES = ['reading', 'checking', 'writing'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export interface ImportProgress {
  progressId: string;
  phase: ImportPhase;
  done: number;
  total: number;
}

/** Why a connection is refused (the `connect_error` message). */
export const REALTIME_UNAUTHORIZED = 'UNAUTHORIZED';
