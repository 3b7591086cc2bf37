import type { AlertsTable } from './alert-views/alert-views.tables.js';
import type { AlertConfigurationsTable } from './alert-configuration-views/alert-configuration-views.tables.js';

/** When each configuration's user was last reminded of its alerts still active. */
export interface AlertConfigurationRemindersTable {
  configuration_id: string;
  reminded_at: Date;
}

/** The tables the alerts module owns; others read them through alerts.public.ts. */
export interface AlertsTables {
  alerts: AlertsTable;
  alert_configurations: AlertConfigurationsTable;
  alert_configuration_reminders: AlertConfigurationRemindersTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends AlertsTables {}
}
