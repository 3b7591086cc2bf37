export interface SystemSettingsTable {
  key: string;
  value: number;
  updated_at: Date;
}

/** The table the settings module owns; others read settings through settings.public.ts. */
export interface SettingsTables {
  system_settings: SystemSettingsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends SettingsTables {}
}
