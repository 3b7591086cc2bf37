import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '../../../platform/database/database.js';
import { Platform } from '../../../platform/platform.js';
import { alertModel, decideAlert, type AlertActor } from '../domain/alert.js';
import type { AlertRaisedEvent } from '../alerts.events.js';

/**
 * The alerts' commands. Raising is done by the module that saw the problem, inside its own
 * transaction (a gate's pass and its alert are one append); the rest act on an alert's stream.
 */
@Injectable()
export class AlertCommands {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** New alerts, each its own stream, in the caller's transaction. */
  async raise(alerts: readonly AlertRaisedEvent[], tx: Tx): Promise<void> {
    if (!alerts.length) return;
    await this.platform.commands.create(
      alertModel,
      alerts.map((event) => ({ id: event.data.alertId, decide: (initial) => decideAlert(initial, { kind: 'raise', event }) })),
      { tx },
    );
  }

  /** The "disable ping": the alarm goes off, the alert stays active. */
  async switchAlarmOff(alertId: string, by: AlertActor): Promise<void> {
    await this.platform.commands.execute(alertModel, alertId, (state) => decideAlert(state, { kind: 'switch-alarm-off', alertId, by }));
  }

  async disable(alertId: string, by: AlertActor, reason: string, notificationId: string | null): Promise<void> {
    await this.platform.commands.execute(alertModel, alertId, (state) => decideAlert(state, { kind: 'disable', alertId, notificationId, by, reason }));
  }

  async remind(alertId: string, reminders: { userId: string; round: number }[]): Promise<void> {
    await this.platform.commands.execute(alertModel, alertId, (state) => decideAlert(state, { kind: 'remind', alertId, reminders }));
  }
}
