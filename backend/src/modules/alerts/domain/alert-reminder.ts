import type { AlertKind } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { AlertReminderEvent } from '../alerts.events.js';

/** When a configuration's user was last reminded (ISO time), if ever. */
export interface AlertReminderState {
  remindedAt: string | null;
}

/** A configuration's reminders: a stream of its own, so that reminding never changes the version its edit form holds. */
export const alertReminderModel: StreamModel<AlertReminderState, AlertReminderEvent> = {
  streamType: 'alert-reminders',
  streamId: (configurationId) => `alert-reminders-${configurationId}`,
  initial: { remindedAt: null },
  evolve: (_state, event) => ({ remindedAt: event.data.at }),
};

export interface RemindCommand {
  configurationId: string;
  userId: string;
  kind: AlertKind;
  timeMinutes: number;
  /** The moment of the round (ISO). */
  at: string;
  /** The active alerts of the kind raised while the configuration existed and at least its interval ago. */
  alerts: readonly { id: string; place: string | null }[];
}

/**
 * A reminder is one summary per configuration and interval: nothing while no alert is due, nor before
 * the interval has passed since the last one (a second instance, or a round asked for twice, reminds
 * nobody twice). Its places are the alerts' distinct places, in order.
 */
export function decideReminder(state: AlertReminderState, cmd: RemindCommand): AlertReminderEvent[] {
  if (!cmd.alerts.length) return [];
  if (state.remindedAt && Date.parse(cmd.at) - Date.parse(state.remindedAt) < cmd.timeMinutes * 60_000) return [];
  const places = [...new Set(cmd.alerts.flatMap((a) => (a.place ? [a.place] : [])))].sort();
  return [{ type: 'ActiveAlertsReminded', data: { configurationId: cmd.configurationId, userId: cmd.userId, kind: cmd.kind, at: cmd.at, alertIds: cmd.alerts.map((a) => a.id), places } }];
}
