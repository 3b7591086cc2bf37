import { z } from 'zod';
import { alertView } from './alerts.js';
import { gatePassView } from './gates.js';
import { TAG_STATES } from './rfid-tags.js';
import { TICKET_STATUSES } from './tickets.js';

/** The chart spans a dashboard offers: the last 7 or 30 days, today included. */
export const DASHBOARD_SPANS = [7, 30] as const;
export type DashboardSpan = (typeof DASHBOARD_SPANS)[number];

/** How many of the latest gate passes and alerts the live strip shows. */
export const DASHBOARD_LATEST = 10;

export const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d): d is DashboardSpan => (DASHBOARD_SPANS as readonly number[]).includes(d), { message: 'DASHBOARD_SPANS' })
    .default(7),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int().nonnegative();
/** A count per day of `days`, oldest first. */
const perDay = z.array(count);
const ticketStatusCounts = z.object(Object.fromEntries(TICKET_STATUSES.map((s) => [s, count.optional()])) as Record<(typeof TICKET_STATUSES)[number], z.ZodOptional<typeof count>>);

/**
 * The dashboard: each part present only when the user may see the list behind it (a part left out is
 * not zero, it is not theirs to see). "Today" and the days are the user's local days.
 */
export const dashboardView = z.object({
  at: z.string(),
  /** The chart's days (yyyy-mm-dd), oldest first; the last is today. */
  days: z.array(z.string()),
  samples: z.object({ total: count, linked: count, out: count.nullable(), missing: count }).optional(),
  tags: z.object({ byState: z.object(Object.fromEntries(TAG_STATES.map((s) => [s, count])) as Record<(typeof TAG_STATES)[number], typeof count>), locked: count }).optional(),
  readers: z.object({ online: count, offline: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), since: z.string().nullable() })) }).optional(),
  tickets: z.object({ IMPORT: ticketStatusCounts.optional(), EXPORT: ticketStatusCounts.optional() }).optional(),
  stocktakes: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), expected: count, found: count, abnormal: count, scanned: count })).optional(),
  activeAlerts: count.optional(),
  today: z.object({ gatePasses: count.optional(), alerts: count.optional(), links: count.optional(), unlinks: count.optional(), ticketsClosed: count.optional() }),
  series: z.object({
    links: perDay.optional(),
    unlinks: perDay.optional(),
    /** Gate alerts per day, one row per gate. */
    alertsByGate: z.array(z.object({ gateId: z.string().nullable(), gateName: z.string().nullable(), counts: perDay })).optional(),
    stockIn: perDay.optional(),
    stockOut: perDay.optional(),
    ticketsCreated: perDay.optional(),
    ticketsClosed: perDay.optional(),
  }),
  latest: z.object({ passes: z.array(gatePassView).optional(), alerts: z.array(alertView).optional() }),
});
export type DashboardView = z.infer<typeof dashboardView>;
