import { ALERT_REPEAT_MINUTES_MAX, isEmailAddress } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { AlertConfigurationEvent, AlertConfigurationSettings } from '../alerts.events.js';

export interface AlertConfigurationState {
  status: 'NONE' | 'ACTIVE' | 'DELETED';
  settings: AlertConfigurationSettings | null;
}

export const alertConfigurationModel: StreamModel<AlertConfigurationState, AlertConfigurationEvent> = {
  streamType: 'alert-configuration',
  streamId: (id) => `alert-configuration-${id}`,
  initial: { status: 'NONE', settings: null },
  evolve(state, event) {
    switch (event.type) {
      case 'AlertConfigurationCreated':
      case 'AlertConfigurationUpdated': {
        const { configurationId: _id, ...settings } = event.data;
        return { status: 'ACTIVE', settings };
      }
      case 'AlertConfigurationDeleted':
        return { status: 'DELETED', settings: null };
    }
  },
};

export type AlertConfigurationCommand =
  | { kind: 'create'; configurationId: string; settings: AlertConfigurationSettings }
  | { kind: 'update'; configurationId: string; settings: AlertConfigurationSettings }
  | { kind: 'delete'; configurationId: string };

/** The rules of the settings themselves; the request schema says the same, this holds for every caller. */
function checkSettings(s: AlertConfigurationSettings): void {
  if (!Number.isInteger(s.timeMinutes) || s.timeMinutes <= 0 || s.timeMinutes > ALERT_REPEAT_MINUTES_MAX) throw new AppError('ALERT_TIME_NOT_VALID');
  if (s.methods.includes('EMAIL') && !s.email) throw new AppError('EMAIL_REQUIRED');
  if (s.email && !isEmailAddress(s.email)) throw new AppError('EMAIL_NOT_VALID');
  if (s.methods.length === 0 || new Set(s.methods).size !== s.methods.length) throw new AppError('BAD_REQUEST_ERROR', { field: 'methods' });
}

const sameSettings = (a: AlertConfigurationSettings, b: AlertConfigurationSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rules of an alert configuration. One per user and function is the read model's unique key
 * (ALERT_CONFIG_EXISTS, atomically with the append); that the user exists is the command service's.
 * A deleted configuration is gone: updating or deleting it again is ALERT_CONFIG_NOT_FOUND.
 */
export function decideAlertConfiguration(state: AlertConfigurationState, cmd: AlertConfigurationCommand): AlertConfigurationEvent[] {
  const { configurationId } = cmd;
  if (cmd.kind === 'create') {
    if (state.status !== 'NONE') throw new AppError('ID_EXISTS');
    checkSettings(cmd.settings);
    return [{ type: 'AlertConfigurationCreated', data: { configurationId, ...cmd.settings } }];
  }
  if (state.status !== 'ACTIVE' || !state.settings) throw new AppError('ALERT_CONFIG_NOT_FOUND', { configurationId });
  if (cmd.kind === 'delete') {
    return [{ type: 'AlertConfigurationDeleted', data: { configurationId, userId: state.settings.userId, functionName: state.settings.functionName } }];
  }
  checkSettings(cmd.settings);
  return sameSettings(state.settings, cmd.settings) ? [] : [{ type: 'AlertConfigurationUpdated', data: { configurationId, ...cmd.settings } }];
}
