import type { AlertsTable } from './alert-views/alert-views.tables.js';
import type { AlertConfigurationsTable } from './alert-configuration-views/alert-configuration-views.tables.js';

/** The reminders sent of each active alert, per user and round (the reminder processor's own record). */
export interface AlertRemindersTable {
  alert_id: string;
  user_id: string;
  round: number;
  at: Date;
}

/** The tables the alerts module owns; others read them through alerts.public.ts. */
export interface AlertsTables {
  alerts: AlertsTable;
  alert_configurations: AlertConfigurationsTable;
  alert_reminders: AlertRemindersTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends AlertsTables {}
}
