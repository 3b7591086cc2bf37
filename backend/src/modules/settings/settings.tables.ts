import type { ColumnType } from 'kysely';
import type { SystemSettingValue } from '@rfid/contracts';

export interface SystemSettingsTable {
  key: string;
  /** jsonb: read as the number or text it holds, written as JSON text. */
  value: ColumnType<SystemSettingValue, string, string>;
  updated_at: Date;
  /** The user whose change it was; null: the system or the command line. */
  updated_by: string | null;
}

/** The table the settings module owns; others read settings through settings.public.ts. */
export interface SettingsTables {
  system_settings: SystemSettingsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends SettingsTables {}
}
