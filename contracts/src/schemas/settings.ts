import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from '../limits.js';
import { storableText } from './common.js';

/** Where a setting sits on the system configuration screen, in the screen's order. */
export const SYSTEM_SETTING_GROUPS = ['readers', 'gates', 'logs', 'display'] as const;
export type SystemSettingGroup = (typeof SYSTEM_SETTING_GROUPS)[number];

export type SystemSettingUnit = 'ms' | 's' | 'days';

interface SettingBase {
  group: SystemSettingGroup;
  /** Its name on the screen: a translation key. */
  label: string;
  /** Read by every signed-in user's browser (GET /api/system-settings/public) and pushed to open pages when it changes. */
  public?: true;
}

/** A whole number within bounds. */
export interface NumberSetting extends SettingBase {
  kind: 'number';
  default: number;
  min: number;
  max: number;
  unit?: SystemSettingUnit;
}

/** One of a few numbers; with `labelled`, each choice has its own label (`{label}_{choice}`), else it reads as the number. */
export interface ChoiceSetting extends SettingBase {
  kind: 'choice';
  default: number;
  choices: readonly number[];
  labelled?: true;
}

/** A line of text, trimmed, 1 to `maxLength` characters. */
export interface TextSetting extends SettingBase {
  kind: 'text';
  default: string;
  maxLength: number;
}

export type SystemSettingDefinition = NumberSetting | ChoiceSetting | TextSetting;

/**
 * The system settings (the system configuration screen): what the product reads at run time and an
 * administrator may change while it runs, each with its kind, default and bounds. A new setting is a
 * row here (and its label in both languages); the server reads them through the settings module, the
 * screen lists them from this table. What must be known at start (ports, database, secrets) stays in
 * the environment, and the fixed constants no one changes (polling, toasts) in limits.ts.
 */
export const SYSTEM_SETTINGS = {
  /** A reader's repeated reads of one tag within this window are one observation. */
  readDedupeWindowMs: { kind: 'number', group: 'readers', label: 'system_config.read_dedupe_window', default: 2000, min: 0, max: 60_000, unit: 'ms' },
  /** A reader that sends nothing (no heartbeat, no read) for this long is shown disconnected. */
  readerHeartbeatTimeoutSeconds: { kind: 'number', group: 'readers', label: 'system_config.reader_heartbeat_timeout', default: 30, min: 5, max: 3600, unit: 's' },
  /** A reader whose last MQTT session closed is shown disconnected (and alerted) only if none opens again within this grace: a flapping or taken-over connection is not a disconnection. */
  readerDisconnectGraceSeconds: { kind: 'number', group: 'readers', label: 'system_config.reader_disconnect_grace', default: 3, min: 0, max: 300, unit: 's' },
  /** How long a reader has to answer a command before it is reported failed. */
  readerCommandTimeoutMs: { kind: 'number', group: 'readers', label: 'system_config.reader_command_timeout', default: 5000, min: 500, max: 60_000, unit: 'ms' },
  /** A quick count ends when its handheld has read nothing for this long. */
  countingIdleSeconds: { kind: 'number', group: 'readers', label: 'system_config.counting_idle', default: 30, min: 5, max: 3600, unit: 's' },
  /** A tag a gate sees again after this long without a sighting is a new pass; with two antennas, the time an item has to reach the other side. */
  gatePassGapSeconds: { kind: 'number', group: 'gates', label: 'system_config.gate_pass_gap', default: 5, min: 1, max: 600, unit: 's' },
  /** One alert per item per gate within this window, however many passes. */
  gateAlertWindowSeconds: { kind: 'number', group: 'gates', label: 'system_config.gate_alert_window', default: 60, min: 1, max: 86_400, unit: 's' },
  /** 1: a tag nobody registered raises an alert at a gate; 0: it is ignored (recorded as IGNORED). A number, as events recorded it. */
  gateUnknownTagAlert: { kind: 'choice', group: 'gates', label: 'system_config.gate_unknown_tag_alert', default: 1, choices: [1, 0], labelled: true },
  /** The gate output (GPO port) that drives the light and buzzer. */
  gateAlarmGpoPort: { kind: 'number', group: 'gates', label: 'system_config.gate_alarm_gpo_port', default: 1, min: 1, max: 8 },
  /** An alarm switches itself off this long after it came on (the alert stays active), as EAS gates do; 0: it sounds until pinged or disabled. */
  gateAlarmAutoOffSeconds: { kind: 'number', group: 'gates', label: 'system_config.gate_alarm_auto_off', default: 10, min: 0, max: 3600, unit: 's' },
  /** Integration log entries older than this are deleted. */
  integrationLogRetentionDays: { kind: 'number', group: 'logs', label: 'system_config.integration_log_retention', default: 30, min: 1, max: 3650, unit: 'days' },
  /** The product's name: after each page's title ("Samples | {name}"), in the sidebar and in the footer. */
  productName: { kind: 'text', group: 'display', label: 'system_config.product_name', default: 'RFID Back-office', maxLength: LIMITS.TEXT_MAX, public: true },
  /** The page size of a list whose address names none (10 unless an administrator changes it). */
  defaultPageSize: { kind: 'choice', group: 'display', label: 'system_config.default_page_size', default: DEFAULT_PAGE_SIZE, choices: PAGE_SIZES, public: true },
} as const satisfies Record<string, SystemSettingDefinition>;

export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS;

/** A setting's value: a number, a text, or one of its choices. */
type ValueOf<D> = D extends { kind: 'text' } ? string : D extends { choices: readonly (infer C)[] } ? C : number;
export type SystemSettings = { -readonly [K in SystemSettingKey]: ValueOf<(typeof SYSTEM_SETTINGS)[K]> };
export type SystemSettingValue = SystemSettings[SystemSettingKey];

export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTINGS) as SystemSettingKey[];

export const SYSTEM_SETTING_DEFAULTS = Object.fromEntries(SYSTEM_SETTING_KEYS.map((k) => [k, SYSTEM_SETTINGS[k].default])) as SystemSettings;

/** The settings every signed-in user's browser reads (what the screens show). */
export type PublicSettingKey = { [K in SystemSettingKey]: (typeof SYSTEM_SETTINGS)[K] extends { public: true } ? K : never }[SystemSettingKey];
export type PublicSystemSettings = Pick<SystemSettings, PublicSettingKey>;
export const PUBLIC_SETTING_KEYS = SYSTEM_SETTING_KEYS.filter((k) => 'public' in SYSTEM_SETTINGS[k]) as PublicSettingKey[];

export function publicSettingsOf(settings: SystemSettings): PublicSystemSettings {
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, settings[k]])) as PublicSystemSettings;
}

/** The rule of one setting's value, read from its definition: what the API and the screen both check. */
export function settingValueSchema(d: SystemSettingDefinition): z.ZodType<SystemSettingValue> {
  switch (d.kind) {
    case 'number':
      return z.number().int().min(d.min).max(d.max);
    case 'choice':
      return z.literal(d.choices as readonly number[]) as z.ZodType<SystemSettingValue>;
    case 'text':
      return storableText().trim().min(1).max(d.maxLength);
  }
}

type ValueSchemas = { [K in SystemSettingKey]: z.ZodType<SystemSettings[K]> };
const valueSchemas = Object.fromEntries(SYSTEM_SETTING_KEYS.map((k) => [k, settingValueSchema(SYSTEM_SETTINGS[k])])) as ValueSchemas;

/** A change of some settings, each within its rule; a setting not named keeps its value, an unknown one is refused. */
export const updateSystemSettingsRequest = z
  .object(Object.fromEntries(SYSTEM_SETTING_KEYS.map((k) => [k, valueSchemas[k].optional()])) as { [K in SystemSettingKey]: z.ZodOptional<ValueSchemas[K]> })
  .strict();
export type UpdateSystemSettingsRequest = Partial<SystemSettings>;

export const systemSettingsValues = z.object(valueSchemas);

/** Who changed a setting last, and when (`by` null: the system or the command line). */
export const systemSettingChange = z.object({
  at: z.string(),
  by: z.object({ id: z.string(), username: z.string(), fullName: z.string() }).nullable(),
});
export type SystemSettingChange = z.infer<typeof systemSettingChange>;

/** GET and PUT /api/system-settings: every value, and the last change of each setting that was ever changed. */
export const systemSettingsView = z.object({
  values: systemSettingsValues,
  changes: z.partialRecord(z.enum(SYSTEM_SETTING_KEYS as [SystemSettingKey, ...SystemSettingKey[]]), systemSettingChange),
});
export type SystemSettingsView = { values: SystemSettings; changes: Partial<Record<SystemSettingKey, SystemSettingChange>> };

/** GET /api/system-settings/public, and the PUBLIC_SETTINGS push. */
export const publicSystemSettingsView = systemSettingsValues.pick(Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, true])) as { [K in PublicSettingKey]: true });
