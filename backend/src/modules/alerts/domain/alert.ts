import type { AlertKind } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { AlertEvent, AlertRaisedEvent } from '../alerts.events.js';

/** The events that raise an alert, and the kind each raises. */
export const ALERT_RAISED_KINDS = {
  GateAlertRaised: 'GATE',
  ReaderDisconnectedAlertRaised: 'READER_DISCONNECTED',
  StocktakeAbnormalAlertRaised: 'STOCKTAKE_ABNORMAL',
} as const satisfies Record<AlertRaisedEvent['type'], AlertKind>;

export interface AlertState {
  raised: boolean;
  kind: AlertKind | null;
  alarmOn: boolean;
  disabled: boolean;
  disabledBy: string | null;
}

export const alertModel: StreamModel<AlertState, AlertEvent> = {
  streamType: 'alert',
  streamId: (alertId) => `alert-${alertId}`,
  initial: { raised: false, kind: null, alarmOn: false, disabled: false, disabledBy: null },
  evolve(state, event) {
    switch (event.type) {
      case 'GateAlertRaised':
        return { ...state, raised: true, kind: 'GATE', alarmOn: true };
      case 'ReaderDisconnectedAlertRaised':
        return { ...state, raised: true, kind: 'READER_DISCONNECTED', alarmOn: false };
      case 'StocktakeAbnormalAlertRaised':
        return { ...state, raised: true, kind: 'STOCKTAKE_ABNORMAL', alarmOn: false };
      case 'AlarmSwitchedOff':
        return { ...state, alarmOn: false };
      case 'AlertDisabled':
        return { ...state, alarmOn: false, disabled: true, disabledBy: event.data.disabledBy };
      default:
        return state;
    }
  },
};

export interface AlertActor {
  id: string | null;
  username: string;
}

/**
 * The "disable ping": the alarm goes off, the alert stays active. Pinging an alert whose alarm is off
 * already changes nothing (the button may be pressed twice); a disabled alert answers that it is.
 */
export function decideSwitchAlarmOff(state: AlertState, alertId: string, by: AlertActor): AlertEvent[] {
  if (!state.raised) throw new AppError('ALERT_NOT_FOUND', { alertId });
  if (state.disabled) throw new AppError('ALERT_ALREADY_DISABLED', { alertLogId: alertId, disableBy: state.disabledBy });
  return state.alarmOn ? [{ type: 'AlarmSwitchedOff', data: { alertId, by: by.username, byId: by.id } }] : [];
}

/** The alert an event is about (a disablement names it `alertLogId`, as the notification centre does). */
export function alertIdOf(event: AlertEvent): string {
  return event.type === 'AlertDisabled' ? event.data.alertLogId : event.data.alertId;
}

/** Disabling, with a reason (already trimmed), switches the alarm off and ends the alert; a second disable is refused (409), naming who was first. */
export function decideDisableAlert(state: AlertState, cmd: { alertId: string; notificationId: string | null; by: AlertActor; reason: string }): AlertEvent[] {
  if (!state.raised) throw new AppError('ALERT_NOT_FOUND', { alertId: cmd.alertId });
  if (state.disabled) throw new AppError('ALERT_ALREADY_DISABLED', { alertLogId: cmd.alertId, disableBy: state.disabledBy });
  return [
    {
      type: 'AlertDisabled',
      data: { alertLogId: cmd.alertId, notificationId: cmd.notificationId, disabledBy: cmd.by.username, disabledById: cmd.by.id, reason: cmd.reason },
    },
  ];
}

/** Reminders of an alert still active, to the users whose configured time has passed again (round: how many times it has for that user). */
export function decideRemind(state: AlertState, alertId: string, reminders: { userId: string; round: number }[]): AlertEvent[] {
  if (!state.raised || state.disabled || reminders.length === 0) return [];
  return [{ type: 'AlertReminded', data: { alertId, reminders } }];
}
