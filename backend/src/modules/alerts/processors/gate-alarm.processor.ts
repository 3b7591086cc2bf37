import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { Platform } from '../../../platform/platform.js';
import type { Processor } from '../../../platform/projections/processor-runner.js';
import { DeviceCommands, ReaderLiveState, type KnownReader } from '../../readers/readers.public.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { ActOnAlert, SYSTEM_ALERT_ACTOR } from '../commands/alert.commands.js';
import type { AlertEvent } from '../alerts.events.js';

export const GATE_ALARM_PROCESSOR = 'gate-alarm';

/** How long after a gate did not take an alarm command it is sent again. */
const RETRY_MS = 2000;

type Of<T extends AlertEvent['type']> = StoredEvent<Extract<AlertEvent, { type: T }>['data']>;

/** What a gate's alarm should be, and whether the gate has said it is so. */
interface GateAlarmState {
  on: boolean;
  confirmed: boolean;
  sending: boolean;
  /** Tries of this state the gate did not take (the first is logged). */
  failures: number;
  retry: NodeJS.Timeout | undefined;
}

/**
 * A gate's light and buzzer: on when the gate raises an alert, off when the last of its alerts with
 * the alarm on is pinged, disabled, or switched off by itself (`gateAlarmAutoOffSeconds` after it was
 * raised, as EAS gates do: an `AlarmSwitchedOff` by the system; the alert stays active). The output is
 * the gate's GPO port of the system settings. The state a gate's alarm should be in is sent until the
 * gate confirms it (every RETRY_MS while it does not answer or is not connected, or at once when it
 * connects again, when the state is read again from the alerts): an alarm that should sound is not
 * left off by an offline moment, and a lost "off" does not leave the buzzer on.
 */
@Injectable()
export class GateAlarm implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly gates = new Map<string, GateAlarmState>();
  private readonly autoOff = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly platform: Platform,
    private readonly devices: DeviceCommands,
    private readonly live: ReaderLiveState,
    private readonly settings: SystemSettingsService,
    private readonly commandBus: CommandBus,
  ) {}

  processor(): Processor {
    return {
      name: GATE_ALARM_PROCESSOR,
      handles: ['GateAlertRaised', 'AlarmSwitchedOff', 'AlertDisabled'],
      handle: async () => {},
      afterCommit: async (events) => {
        for (const e of events) await this.follow(e);
      },
      // the previous runner may have died between an alert and its alarm: every gate whose alarm should sound is sent so
      started: async () => {
        const sounding = await this.platform.db.selectFrom('alerts').select('gate_id').distinct().where('kind', '=', 'GATE').where('alarm_on', '=', true).execute();
        for (const { gate_id: gateId } of sounding) if (gateId) this.want(gateId, true);
      },
    };
  }

  private async follow(e: StoredEvent): Promise<void> {
    if (e.type === 'GateAlertRaised') {
      const { alertId, gateId } = (e as Of<'GateAlertRaised'>).data;
      this.want(gateId, true);
      this.switchOffLater(alertId, this.settings.current().gateAlarmAutoOffSeconds * 1000);
      return;
    }
    const alertId = e.type === 'AlarmSwitchedOff' ? (e as Of<'AlarmSwitchedOff'>).data.alertId : (e as Of<'AlertDisabled'>).data.alertLogId;
    clearTimeout(this.autoOff.get(alertId));
    this.autoOff.delete(alertId);
    const alert = await this.platform.db.selectFrom('alerts').select(['gate_id', 'kind']).where('id', '=', alertId).executeTakeFirst();
    if (alert?.kind !== 'GATE' || !alert.gate_id) return;
    this.want(alert.gate_id, await this.sounding(alert.gate_id));
  }

  /** A gate back: brought to the state its alerts ask for, if any sounds or this server has switched it before (else it is left alone). */
  private reapply(reader: KnownReader): void {
    if (reader.kind !== 'GATE') return;
    this.sounding(reader.id).then(
      (on) => (on || this.gates.has(reader.id)) && this.want(reader.id, on, { again: true }),
      (err: unknown) => this.platform.logger.warn({ err, gateId: reader.id }, 'the gate alarm state could not be read'),
    );
  }

  /** Whether an alert of the gate still has its alarm on (another one keeps it sounding). */
  private async sounding(gateId: string): Promise<boolean> {
    const row = await this.platform.db.selectFrom('alerts').select('id').where('gate_id', '=', gateId).where('kind', '=', 'GATE').where('alarm_on', '=', true).limit(1).executeTakeFirst();
    return !!row;
  }

  private switchOffLater(alertId: string, afterMs: number): void {
    if (afterMs <= 0 || this.stopped) return;
    clearTimeout(this.autoOff.get(alertId));
    const timer = setTimeout(() => {
      this.autoOff.delete(alertId);
      this.commandBus.execute(new ActOnAlert({ command: { kind: 'switch-alarm-off', alertId, by: SYSTEM_ALERT_ACTOR } })).catch((err: unknown) => this.platform.logger.warn({ err, alertId }, 'an alarm could not switch itself off'));
    }, afterMs);
    timer.unref();
    this.autoOff.set(alertId, timer);
  }

  /**
   * The gate's alarm should be `on`: sent now, and again until the gate confirms it. A state the gate has
   * confirmed, or is being sent, is not sent again (a second alert while it sounds) unless `again` (the
   * gate came back, and may have restarted with its output off).
   */
  private want(gateId: string, on: boolean, { again = false } = {}): void {
    const known = this.gates.get(gateId);
    if (known && known.on === on && (known.confirmed || known.sending) && !again) return;
    const g = known ?? { on, confirmed: false, sending: false, failures: 0, retry: undefined };
    this.gates.set(gateId, g);
    g.on = on;
    g.confirmed = false;
    g.failures = 0;
    clearTimeout(g.retry);
    g.retry = undefined;
    void this.apply(gateId, g);
  }

  private async apply(gateId: string, g: GateAlarmState): Promise<void> {
    if (g.confirmed || g.sending || this.stopped) return;
    g.sending = true;
    const on = g.on;
    let failure: unknown;
    try {
      await this.devices.send(gateId, { command: 'set_gpo', port: this.settings.current().gateAlarmGpoPort, state: on });
    } catch (err) {
      failure = err;
    } finally {
      g.sending = false;
    }
    if (g.on !== on) return void this.apply(gateId, g); // wanted otherwise meanwhile: send that now
    if (!failure) {
      g.confirmed = true;
      return;
    }
    if (++g.failures === 1) this.platform.logger.warn({ err: failure, gateId, on }, 'the gate alarm could not be switched; trying again until the gate takes it');
    if (!this.stopped) g.retry = setTimeout(() => void this.apply(gateId, g), RETRY_MS);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.platform.processors.start(this.processor());
    // a gate that connects again (a new session on the embedded broker, heard again on an external one)
    // gets the state its alarm should be in, read from its alerts: it may have restarted with its output off
    this.live.onSessionOpened((reader) => this.reapply(reader));
    this.live.onConnectionChange((reader, connection) => connection === 'CONNECTED' && this.reapply(reader));
    // alarms raised before a restart still switch themselves off
    const autoOffMs = this.settings.current().gateAlarmAutoOffSeconds * 1000;
    if (autoOffMs <= 0) return;
    const sounding = await this.platform.db.selectFrom('alerts').select(['id', 'at']).where('kind', '=', 'GATE').where('alarm_on', '=', true).execute();
    for (const a of sounding) this.switchOffLater(a.id, Math.max(1, a.at.getTime() + autoOffMs - Date.now()));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const timer of this.autoOff.values()) clearTimeout(timer);
    for (const g of this.gates.values()) clearTimeout(g.retry);
    await this.platform.processors.stop(GATE_ALARM_PROCESSOR);
  }
}
