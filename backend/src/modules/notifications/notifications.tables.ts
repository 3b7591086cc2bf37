import type { ColumnType, Generated } from 'kysely';

export interface NotificationsTable {
  id: string;
  user_id: string;
  source_event_id: string;
  message_key: string;
  params: ColumnType<Record<string, string | number | null>, string, string>;
  alert_log_id: string | null;
  reader_host_name: string | null;
  reader_name: string | null;
  created_at: Date;
  seq: Generated<number>;
  read_at: Date | null;
  deleted_at: Date | null;
}

export interface AlertDisablementsTable {
  alert_log_id: string;
  disabled_by: string;
  disabled_by_id: string | null;
  disabled_at: Date;
  reason: string | null;
}

/** The tables the notifications module owns: each user's inbox, and the alerts disabled. */
export interface NotificationsTables {
  notifications: NotificationsTable;
  alert_disablements: AlertDisablementsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends NotificationsTables {}
}
