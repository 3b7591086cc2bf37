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

/** The alert an event is about (a disablement names it `alertLogId`, as the notification centre does). */
export function alertIdOf(event: AlertEvent): string {
  return event.type === 'AlertDisabled' ? event.data.alertLogId : event.data.alertId;
}

/** What may be done to an alert. */
export type AlertCommand =
  | { kind: 'raise'; event: AlertRaisedEvent }
  | { kind: 'switch-alarm-off'; alertId: string; by: AlertActor }
  | { kind: 'disable'; alertId: string; notificationId: string | null; by: AlertActor; reason: string };

/**
 * An alert's rules. Raised once (raising it again changes nothing). The "disable ping" switches the
 * alarm off and leaves the alert active; pinging an alert whose alarm is off already changes nothing
 * (the button may be pressed twice). Disabling, with a reason (already trimmed), switches the alarm off
 * and ends the alert; a second disable, or a ping of a disabled alert, is ALERT_ALREADY_DISABLED naming
 * who was first. (Reminders are the configurations' own: alert-reminder.ts.)
 */
export function decideAlert(state: AlertState, cmd: AlertCommand): AlertEvent[] {
  if (cmd.kind === 'raise') return state.raised ? [] : [cmd.event];
  if (!state.raised) throw new AppError('ALERT_NOT_FOUND', { alertId: cmd.alertId });
  if (state.disabled) throw new AppError('ALERT_ALREADY_DISABLED', { alertLogId: cmd.alertId, disableBy: state.disabledBy });
  if (cmd.kind === 'switch-alarm-off') return state.alarmOn ? [{ type: 'AlarmSwitchedOff', data: { alertId: cmd.alertId, by: cmd.by.username, byId: cmd.by.id } }] : [];
  return [
    {
      type: 'AlertDisabled',
      data: { alertLogId: cmd.alertId, notificationId: cmd.notificationId, disabledBy: cmd.by.username, disabledById: cmd.by.id, reason: cmd.reason },
    },
  ];
}
