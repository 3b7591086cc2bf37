import { SYSTEM_SETTING_DEFAULTS, type SystemSettings } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { SettingsEvent } from '../settings.events.js';

export const SETTINGS_STREAM_ID = 'system';

export const settingsModel: StreamModel<SystemSettings, SettingsEvent> = {
  streamType: 'system-settings',
  streamId: () => `system-settings-${SETTINGS_STREAM_ID}`,
  initial: SYSTEM_SETTING_DEFAULTS,
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
};

/** Only the values that change are recorded; a change that changes nothing records nothing. */
export function decideSettings(state: SystemSettings, changes: Partial<SystemSettings>): SettingsEvent[] {
  const real = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && state[k as keyof SystemSettings] !== v));
  return Object.keys(real).length ? [{ type: 'SystemSettingsChanged', data: { changes: real } }] : [];
}
