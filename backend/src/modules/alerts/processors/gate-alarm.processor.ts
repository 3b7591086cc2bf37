import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { Platform } from '../../../platform/platform.js';
import type { Processor } from '../../../platform/projections/processor-runner.js';
import { DeviceCommands } from '../../readers/readers.public.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import type { AlertEvent } from '../domain/alert.js';

export const GATE_ALARM_PROCESSOR = 'gate-alarm';

type Of<T extends AlertEvent['type']> = StoredEvent<Extract<AlertEvent, { type: T }>['data']>;

/**
 * A gate's light and buzzer: on when the gate raises an alert, off when the last of its alerts with
 * the alarm on is pinged or disabled. The output is the gate's GPO port of the system settings. A
 * command is an effect outside the database, sent after the checkpoint moved (at most once): a gate
 * that is not connected then is logged, not retried.
 */
@Injectable()
export class GateAlarm implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly platform: Platform,
    private readonly devices: DeviceCommands,
    private readonly settings: SystemSettingsService,
  ) {}

  processor(): Processor {
    return {
      name: GATE_ALARM_PROCESSOR,
      handles: ['GateAlertRaised', 'AlarmSwitchedOff', 'AlertDisabled'],
      handle: async () => {},
      afterCommit: async (events) => {
        for (const e of events) await this.follow(e);
      },
    };
  }

  private async follow(e: StoredEvent): Promise<void> {
    if (e.type === 'GateAlertRaised') return this.switch((e as Of<'GateAlertRaised'>).data.gateId, true);
    const alertId = e.type === 'AlarmSwitchedOff' ? (e as Of<'AlarmSwitchedOff'>).data.alertId : (e as Of<'AlertDisabled'>).data.alertLogId;
    const alert = await this.platform.db.selectFrom('alerts').select(['gate_id', 'kind']).where('id', '=', alertId).executeTakeFirst();
    if (alert?.kind !== 'GATE' || !alert.gate_id) return;
    // another alert of the gate still sounding keeps the alarm on
    const sounding = await this.platform.db.selectFrom('alerts').select('id').where('gate_id', '=', alert.gate_id).where('kind', '=', 'GATE').where('alarm_on', '=', true).limit(1).executeTakeFirst();
    if (!sounding) this.switch(alert.gate_id, false);
  }

  /** Sends the command without waiting for the gate's answer: a gate that answers slowly must not hold back the next alarm. */
  private switch(gateId: string, on: boolean): void {
    this.devices.send(gateId, { command: 'set_gpo', port: this.settings.current().gateAlarmGpoPort, state: on }).catch((err: unknown) => {
      this.platform.logger.warn({ err, gateId, on }, 'the gate alarm could not be switched');
    });
  }

  onApplicationBootstrap(): void {
    this.platform.processors.start(this.processor());
  }

  async onModuleDestroy(): Promise<void> {
    await this.platform.processors.stop(GATE_ALARM_PROCESSOR);
  }
}
