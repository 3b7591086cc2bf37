import type { AlertKind, NotificationMessageKey, NotificationMethod, NotificationParams } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import type { AlertReminderEvent } from '../alerts.events.js';

export interface AlertRecipient {
  userId: string;
  methods: NotificationMethod[];
  email: string | null;
  actionName: string;
  timeMinutes: number;
}

function recipients(db: DbOrTx) {
  return db.selectFrom('alert_configurations').select(['user_id', 'methods', 'email', 'action_name', 'time_minutes']).orderBy('user_id');
}
const recipientOf = (r: { user_id: string; methods: string[]; email: string | null; action_name: string; time_minutes: number }): AlertRecipient => ({
  userId: r.user_id,
  methods: r.methods as NotificationMethod[],
  email: r.email,
  actionName: r.action_name,
  timeMinutes: r.time_minutes,
});

/** Who is told of an alert of this kind, and how: the alert configurations of that function, and nobody else. */
export async function alertRecipients(db: DbOrTx, kind: AlertKind): Promise<AlertRecipient[]> {
  return (await recipients(db).where('function_name', '=', kind).execute()).map(recipientOf);
}

/** Whom a configuration tells, and how, as it is now (undefined once deleted). */
export async function configurationRecipient(db: DbOrTx, configurationId: string): Promise<AlertRecipient | undefined> {
  const row = await recipients(db).where('id', '=', configurationId).executeTakeFirst();
  return row && recipientOf(row);
}

/** The last gate alert of each of these tags at a gate since `since`, active or not, by tag: a gate raises one alert per item within its window. */
export async function recentGateAlerts(db: DbOrTx, gateId: string, epcs: readonly string[], since: Date): Promise<Map<string, string>> {
  if (!epcs.length) return new Map();
  const rows = await db
    .selectFrom('alerts')
    .select(['epc', 'id'])
    .distinctOn('epc')
    .where('kind', '=', 'GATE')
    .where('gate_id', '=', gateId)
    .where('epc', '=', sql<string>`any(${[...epcs]}::text[])`)
    .where('at', '>', since)
    .orderBy('epc')
    .orderBy('at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.epc!, r.id]));
}

/** The messages of each kind of alert: when raised, when one is reminded while still active, and the summary of several. */
const MESSAGES: Record<AlertKind, { raised: NotificationMessageKey; reminded: NotificationMessageKey; summary: NotificationMessageKey }> = {
  GATE: { raised: 'GATE_ALERT', reminded: 'GATE_ALERT_REPEATED', summary: 'GATE_ALERTS_STILL_ACTIVE' },
  READER_DISCONNECTED: { raised: 'READER_DISCONNECTED_ALERT', reminded: 'READER_DISCONNECTED_ALERT_REPEATED', summary: 'READER_DISCONNECTED_ALERTS_STILL_ACTIVE' },
  STOCKTAKE_ABNORMAL: { raised: 'STOCKTAKE_ABNORMAL_ALERT', reminded: 'STOCKTAKE_ABNORMAL_ALERT_REPEATED', summary: 'STOCKTAKE_ABNORMAL_ALERTS_STILL_ACTIVE' },
};
/** A summary names at most this many places, then how many more. */
const PLACES_NAMED = 5;

/** An alert as its notifications and e-mails tell it (the recipient adds their `action`). */
export interface AlertMessage {
  kind: AlertKind;
  key: NotificationMessageKey;
  params: NotificationParams;
  readerHostName: string | null;
  /** The gate (or reader) as "CODE · Name". */
  readerName: string | null;
  disabled: boolean;
}

/**
 * The message of an alert, raised or reminded, from the alerts table (an alert is there from the
 * transaction that raised it). A sample or product is named by its code and name; a tag alone is "RFID"
 * (its EPC follows in every text).
 */
export async function alertMessage(db: DbOrTx, alertId: string, reminded: boolean): Promise<AlertMessage | undefined> {
  const a = await db.selectFrom('alerts').selectAll().where('id', '=', alertId).executeTakeFirst();
  if (!a) return undefined;
  const kind = a.kind as AlertKind;
  const gate = [a.gate_code, a.gate_name].filter(Boolean).join(' · ');
  const named = a.item_kind === 'SAMPLE' || a.item_kind === 'PRODUCT';
  return {
    kind,
    key: reminded ? MESSAGES[kind].reminded : MESSAGES[kind].raised,
    params: { gate, item: named ? [a.item_code, a.item_name].filter(Boolean).join(' ') : 'RFID', epc: a.epc, subject: a.subject_code, count: a.subject_count },
    readerHostName: a.reader_host_name,
    readerName: gate || null,
    disabled: a.disabled_at !== null,
  };
}

/**
 * A reminder's message: one alert still active is told as itself (its "still active" text, its alert
 * and gate, so its dialog can disable it); several as one summary of how many and where.
 */
export async function reminderMessage(db: DbOrTx, reminder: AlertReminderEvent['data']): Promise<(AlertMessage & { alertId: string | null }) | undefined> {
  const [only, ...others] = reminder.alertIds;
  if (!only) return undefined;
  if (!others.length) {
    const message = await alertMessage(db, only, true);
    return message && { ...message, alertId: only };
  }
  const { places } = reminder;
  const named = places.length > PLACES_NAMED ? `${places.slice(0, PLACES_NAMED).join(', ')} +${places.length - PLACES_NAMED}` : places.join(', ');
  return {
    kind: reminder.kind,
    key: MESSAGES[reminder.kind].summary,
    params: { count: reminder.alertIds.length, places: named },
    readerHostName: null,
    readerName: places.length === 1 ? places[0]! : null,
    disabled: false,
    alertId: null,
  };
}
