export interface AlertsTable {
  id: string;
  kind: string;
  at: Date;
  gate_id: string | null;
  gate_code: string | null;
  gate_name: string | null;
  reader_host_name: string | null;
  antenna: number | null;
  epc: string | null;
  item_kind: string | null;
  item_id: string | null;
  item_code: string | null;
  item_name: string | null;
  subject_id: string | null;
  subject_code: string | null;
  /** How many things the subject's alert is about (a stocktake's abnormal lines). */
  subject_count: number | null;
  pass_id: string | null;
  alarm_on: boolean;
  alarm_off_by: string | null;
  alarm_off_at: Date | null;
  disabled_by: string | null;
  disabled_by_id: string | null;
  disabled_at: Date | null;
  disable_reason: string | null;
  search_key: string;
}

export interface AlertConfigurationsTable {
  id: string;
  user_id: string;
  methods: string[];
  email: string | null;
  action_name: string;
  function_name: string;
  time_minutes: number;
  /** What the list's text search compares (vietnamese-text): the action name. */
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

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
