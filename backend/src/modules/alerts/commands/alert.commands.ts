import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Tx } from '../../../platform/database/database.js';
import { alertModel, decideAlert, type AlertActor, type AlertCommand } from '../domain/alert.js';
import type { AlertRaisedEvent } from '../alerts.events.js';
import { alertReminderModel, decideReminder, type RemindCommand } from '../domain/alert-reminder.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/*
 * The alerts' commands, messages on the CommandBus. Raising is done by the module that saw the problem,
 * inside its own transaction (a gate's pass and its alert are one append); the rest act on an alert's stream,
 * or a configuration's reminders on that configuration's reminder stream.
 */

/** New alerts, each its own stream, in the caller's transaction. */
export class RaiseAlerts extends commandOf<{ alerts: readonly AlertRaisedEvent[]; tx: Tx }>() {}

@CommandHandler(RaiseAlerts)
export class RaiseAlertsHandler extends PlatformHandler implements ICommandHandler<RaiseAlerts> {
  async execute({ alerts, tx }: RaiseAlerts): Promise<void> {
    if (!alerts.length) return;
    await this.platform.commands.create(
      alertModel,
      alerts.map((event) => ({ id: event.data.alertId, decide: (initial) => decideAlert(initial, { kind: 'raise', event }) })),
      { tx },
    );
  }
}

/** An act on one alert: the "disable ping" (its alarm off, the alert still active), disabling it with a reason. */
export class ActOnAlert extends commandOf<{ command: Exclude<AlertCommand, { kind: 'raise' }> }>() {}

@CommandHandler(ActOnAlert)
export class ActOnAlertHandler extends PlatformHandler implements ICommandHandler<ActOnAlert> {
  async execute({ command }: ActOnAlert): Promise<void> {
    await this.platform.commands.execute(alertModel, command.alertId, (state) => decideAlert(state, command));
  }
}

/** A configuration's user reminded of its alerts still active, in one summary (nothing within its interval of the last). */
export class RemindActiveAlerts extends commandOf<{ command: RemindCommand }>() {}

@CommandHandler(RemindActiveAlerts)
export class RemindActiveAlertsHandler extends PlatformHandler implements ICommandHandler<RemindActiveAlerts> {
  async execute({ command }: RemindActiveAlerts): Promise<void> {
    await this.platform.commands.execute(alertReminderModel, command.configurationId, (state) => decideReminder(state, command));
  }
}

/** Who acts on an alert that the system acts on by itself (an alarm switching off after its time, a reader back). */
export const SYSTEM_ALERT_ACTOR: AlertActor = { id: null, username: 'system' };

export const ALERT_COMMAND_HANDLERS = [RaiseAlertsHandler, ActOnAlertHandler, RemindActiveAlertsHandler];
