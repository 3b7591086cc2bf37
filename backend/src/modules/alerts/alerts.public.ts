/*
 * What other modules may use of alerts: raising them (a gate, the readers' watch, a stocktake) and
 * acting on them (the notification centre's disable and "disable ping") with their commands, who is
 * told of an alert of a kind (alertRecipients), the alert stream's events (notifications and the
 * system log follow them, the alert configuration's too), and the names of alerts and alert
 * configurations for the system log.
 */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { userNames } from '../users/users.public.js';
import { alertModel } from './domain/alert.js';
import { alertConfigurationModel } from './domain/alert-configuration.js';
import { alertReminderModel } from './domain/alert-reminder.js';
import type { DbOrTx } from '../../platform/database/database.js';

export { ActOnAlert, RaiseAlerts, RemindActiveAlerts } from './commands/alert.commands.js';
export { AlertReminders } from './processors/alert-reminders.js';
export { alertMessage, alertRecipients, configurationRecipient, recentGateAlerts, reminderMessage, type AlertMessage, type AlertRecipient } from './alert-configuration-views/alert-recipients.js';
export { ALERT_RAISED_KINDS } from './domain/alert.js';
export { AlertsModule } from './alerts.module.js';

/** An alert is named by what it is about: the gate and the item, or the reader; a configuration (and its reminders) by its user and function (while it exists). */
export const ALERTS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: alertModel.streamType,
    lookUp: async (db, ids) =>
      new Map(
        (await db.selectFrom('alerts').select(['id', 'gate_code', 'item_code', 'epc']).where('id', 'in', ids).execute()).map((r) => [
          r.id,
          [r.gate_code, r.item_code ?? r.epc].filter(Boolean).join(' · '),
        ]),
      ),
  },
  ...[alertConfigurationModel, alertReminderModel].map((model) => ({
    streamType: model.streamType,
    lookUp: async (db: DbOrTx, ids: readonly string[]) =>
      new Map(
        (
          await db
            .selectFrom('alert_configurations as c')
            .innerJoin(userNames(db).as('u'), 'u.id', 'c.user_id')
            .select(['c.id', 'u.username', 'c.function_name'])
            .where('c.id', 'in', ids)
            .execute()
        ).map((r) => [r.id, `${r.username} · ${r.function_name}`]),
      ),
  })),
];

/** The alerts' figures of the dashboard. */
export { alertFigures } from './alert-views/alert-figures.js';
