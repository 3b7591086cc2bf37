import { z } from 'zod';

/**
 * The system settings (SPEC's system configuration): numbers an administrator may change while the
 * system runs, each with its default and its bounds. A new setting is a row here; the server reads
 * them through the settings module, the screen lists them from this table.
 */
export const SYSTEM_SETTINGS = {
  /** A reader's repeated reads of one tag within this window are one observation. */
  readDedupeWindowMs: { default: 2000, min: 0, max: 60_000, unit: 'ms' },
  /** A reader that sends nothing (no heartbeat, no read) for this long is shown disconnected. */
  readerHeartbeatTimeoutSeconds: { default: 30, min: 5, max: 3600, unit: 's' },
  /** How long a reader has to answer a command before it is reported failed. */
  readerCommandTimeoutMs: { default: 5000, min: 500, max: 60_000, unit: 'ms' },
  /** Integration log entries older than this are deleted. */
  integrationLogRetentionDays: { default: 30, min: 1, max: 3650, unit: 'days' },
} as const satisfies Record<string, { default: number; min: number; max: number; unit: string }>;

export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS;
export type SystemSettings = { [K in SystemSettingKey]: number };
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[];

export const SYSTEM_SETTING_DEFAULTS = Object.fromEntries(SYSTEM_SETTING_KEYS.map((k) => [k, SYSTEM_SETTINGS[k].default])) as SystemSettings;

/** A change of some settings: each a whole number within its bounds. */
export const updateSystemSettingsRequest = z
  .object(
    Object.fromEntries(SYSTEM_SETTING_KEYS.map((k) => [k, z.coerce.number().int().min(SYSTEM_SETTINGS[k].min).max(SYSTEM_SETTINGS[k].max).optional()])) as {
      [K in SystemSettingKey]: z.ZodOptional<z.ZodCoercedNumber>;
    },
  )
  .strict();
export type UpdateSystemSettingsRequest = Partial<SystemSettings>;

export const systemSettingsView = z.object(Object.fromEntries(SYSTEM_SETTING_KEYS.map((k) => [k, z.number()])) as { [K in SystemSettingKey]: z.ZodNumber });
