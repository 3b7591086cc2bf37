import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';

/**
 * An alert (a gate alert log) as far as the notification centre acts on it: it can be disabled, once,
 * by a user it was sent to, with or without a reason. Its stream will also hold the events of the
 * module that raises alerts; events this model does not know leave its state as it is.
 */
export type AlertEvent = {
  type: 'AlertDisabled';
  data: { alertLogId: string; notificationId: string; disabledBy: string; disabledById: string | null; reason: string | null };
};

export interface AlertState {
  disabled: boolean;
  disabledBy: string | null;
}

export const alertModel: StreamModel<AlertState, AlertEvent> = {
  streamType: 'alert',
  streamId: (alertLogId) => `alert-${alertLogId}`,
  initial: { disabled: false, disabledBy: null },
  evolve(state, event) {
    switch (event.type) {
      case 'AlertDisabled':
        return { disabled: true, disabledBy: event.data.disabledBy };
      default:
        return state;
    }
  },
};

export interface DisableAlert {
  alertLogId: string;
  notificationId: string;
  by: { id: string | null; username: string };
  /** Already trimmed; null for the "disable ping" button. */
  reason: string | null;
}

/** A second disable is refused (409), so its author learns someone else was first, and who. */
export function decideDisableAlert(state: AlertState, cmd: DisableAlert): AlertEvent[] {
  if (state.disabled) throw new AppError('ALERT_ALREADY_DISABLED', { alertLogId: cmd.alertLogId, disableBy: state.disabledBy });
  return [
    {
      type: 'AlertDisabled',
      data: { alertLogId: cmd.alertLogId, notificationId: cmd.notificationId, disabledBy: cmd.by.username, disabledById: cmd.by.id, reason: cmd.reason },
    },
  ];
}
