import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { AlertConfigurationEvent, AlertConfigurationSettings, AlertReminderEvent } from '../alerts.events.js';

// One configuration per user and function, enforced by the unique key in the append's transaction.
registerConstraintErrors({ alert_configurations_user_function_key: 'ALERT_CONFIG_EXISTS' });

type Of<T extends AlertConfigurationEvent['type']> = StoredEvent<Extract<AlertConfigurationEvent, { type: T }>['data']>;

/** The search key of a configuration's own text (the migration that added it fills old rows with it too). */
export const alertConfigurationSearchKey = (r: { action_name: string }): string => searchKey(r.action_name);

function columns(s: AlertConfigurationSettings) {
  return {
    user_id: s.userId,
    methods: s.methods,
    email: s.email,
    action_name: s.actionName,
    function_name: s.functionName,
    time_minutes: s.timeMinutes,
    search_key: alertConfigurationSearchKey({ action_name: s.actionName }),
  };
}

/**
 * `alert_configurations`: one row per configuration not deleted (its unique (user, function) is
 * ALERT_CONFIG_EXISTS), and `alert_configuration_reminders`: when each one's user was last reminded.
 */
export const alertConfigurationsProjection: InlineProjection = {
  name: 'alert-configurations',
  tables: ['alert_configurations', 'alert_configuration_reminders'],
  handlers: {
    AlertConfigurationCreated: async (tx, e: Of<'AlertConfigurationCreated'>) => {
      const { configurationId, ...settings } = e.data;
      await tx
        .insertInto('alert_configurations')
        .values({ id: configurationId, ...columns(settings), version: e.streamVersion, created_at: e.recordedAt, updated_at: e.recordedAt })
        .execute();
    },
    AlertConfigurationUpdated: async (tx, e: Of<'AlertConfigurationUpdated'>) => {
      const { configurationId, ...settings } = e.data;
      await tx
        .updateTable('alert_configurations')
        .set({ ...columns(settings), version: e.streamVersion, updated_at: e.recordedAt })
        .where('id', '=', configurationId)
        .execute();
    },
    AlertConfigurationDeleted: async (tx, e: Of<'AlertConfigurationDeleted'>) => {
      await tx.deleteFrom('alert_configurations').where('id', '=', e.data.configurationId).execute();
      await tx.deleteFrom('alert_configuration_reminders').where('configuration_id', '=', e.data.configurationId).execute();
    },
    ActiveAlertsReminded: async (tx, e: StoredEvent<AlertReminderEvent['data']>) => {
      await tx
        .insertInto('alert_configuration_reminders')
        .values({ configuration_id: e.data.configurationId, reminded_at: new Date(e.data.at) })
        .onConflict((oc) => oc.column('configuration_id').doUpdateSet({ reminded_at: new Date(e.data.at) }))
        .execute();
    },
  },
};
