import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runWithContext } from '../../../platform/context/action-context.js';
import { InTurn } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { retryingWhileUnavailable } from '../../../platform/database/database-faults.js';
import { RaiseAlerts, recentGateAlerts } from '../../alerts/alerts.public.js';
import type { AlertRaisedEvent } from '../../alerts/alerts.events.js';
import { ObservationBus, ReaderDirectory, ReaderOwnership, type GainedReader, type KnownReader, type Observation } from '../../readers/readers.public.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { gatePassModel } from '../domain/gate-pass.js';
import type { GatePassEvent } from '../gates.events.js';
import { decidePass } from '../domain/pass-decision.js';
import { GatePermits } from '../gate-ticket-views/gate-permits.js';
import { identifyItems } from './identify-items.js';
import { PassTracker, type TrackedPass } from './pass-tracker.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { lockStreams } from '../../../platform/commands/stream-commands.js';
import type { Tx } from '../../../platform/database/database.js';

type GateAlertRaised = Extract<AlertRaisedEvent, { type: 'GateAlertRaised' }>;

/** How often passes that only one side of a gate saw are looked for. */
const EXPIRE_MS = 1000;

/**
 * Decides what gates see. The gate readers' observations (switch On) become passes (PassTracker: the
 * direction from the antennas' sides); each pass is decided (decidePass) against the permits of the
 * moment and recorded as a GatePassDecided event, with the GateAlertRaised events it raises, in one
 * transaction per gate and batch. What follows are the events' own followers: the pushes of the pass
 * (gates) and of the alert (alerts), the alarm and the notifications (processors of alerts and
 * notifications).
 */
@Injectable()
export class GatePassDecisions implements OnModuleInit, OnModuleDestroy {
  private readonly tracker = new PassTracker();
  private timer: NodeJS.Timeout | undefined;
  /** Decisions run one after another: a batch's passes see the alerts and units of the batch before. */
  private readonly decisions = new InTurn();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: ObservationBus,
    private readonly directory: ReaderDirectory,
    private readonly settings: SystemSettingsService,
    private readonly commandBus: CommandBus,
    private readonly ownership: ReaderOwnership,
  ) {}

  onModuleInit(): void {
    this.bus.register({ name: 'gate-passes', consume: (batch) => this.consume(batch) });
    this.ownership.onGaining((readers) => this.resumePasses(readers));
    this.ownership.onLosing((readerIds) => readerIds.forEach((id) => this.tracker.forget(id)));
    this.timer = setInterval(() => {
      const expired = this.tracker.expire(Date.now(), this.gapMs());
      if (expired.length) void this.decideInTurn(expired);
    }, EXPIRE_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * Gates taken over from another server: the passes it recorded lately are open here as told, so the
   * reads it had handled and this server replays (or hears again, the tag still in the field) make no new pass.
   */
  private async resumePasses(readers: readonly GainedReader[]): Promise<void> {
    const gapMs = this.gapMs();
    for (const { readerId, since } of readers) {
      if (this.directory.byReaderId(readerId)?.kind !== 'GATE') continue;
      const until = (since ?? new Date()).getTime();
      const recent = await this.platform.db
        .selectFrom('gate_passes')
        .select(['epc', 'antenna', 'at'])
        .where('gate_id', '=', readerId)
        .where('at', '>', new Date(until - gapMs - this.platform.config.readerLeaseSeconds * 1000))
        .execute();
      for (const p of recent) this.tracker.resume({ gateId: readerId, epc: p.epc, antenna: p.antenna, atMs: p.at.getTime() }, Math.max(p.at.getTime(), until));
    }
  }

  private gapMs(): number {
    return this.settings.current().gatePassGapSeconds * 1000;
  }

  private async consume(batch: readonly Observation[]): Promise<void> {
    const gapMs = this.gapMs();
    const ready: TrackedPass[] = [];
    for (const o of batch) {
      if (o.readerKind !== 'GATE' || o.switch !== 'ON') continue;
      const reader = this.directory.byReaderId(o.readerId);
      const pass = this.tracker.see({ gateId: o.readerId, epc: o.epc, antenna: o.antenna, role: o.antennaRole, atMs: o.at.getTime() }, !!reader && twoSided(reader), gapMs);
      if (pass) ready.push(pass);
    }
    if (ready.length) await this.decideInTurn(ready);
  }

  /** Resolves when these passes are decided and recorded. */
  private decideInTurn(passes: TrackedPass[]): Promise<void> {
    return this.decisions.run(() => this.decide(passes)).catch((err: unknown) => this.platform.logger.error({ err }, 'gate passes could not be decided'));
  }

  private async decide(passes: TrackedPass[]): Promise<void> {
    const byGate = new Map<string, TrackedPass[]>();
    for (const p of passes) byGate.set(p.gateId, [...(byGate.get(p.gateId) ?? []), p]);
    for (const [gateId, gatePasses] of byGate) {
      const gate = this.directory.byReaderId(gateId);
      if (!gate) continue;
      // a pass must not go unalarmed for a short outage: the gate's passes are decided again from the start (one transaction each try)
      await retryingWhileUnavailable(
        () => runWithContext({ correlationId: randomUUID(), source: 'mqtt', clientIp: null, actor: { kind: 'reader', id: gate.id, name: gate.code } }, () => this.decideAtGate(gate, gatePasses)),
        (err, attempt) => this.platform.logger.warn({ err: err.message, gate: gate.code, attempt }, 'gate passes met the database out of reach; deciding them again'),
      );
    }
  }

  private async decideAtGate(gate: KnownReader, passes: TrackedPass[]): Promise<void> {
    const db = this.platform.db;
    const settings = this.settings.current();
    const now = new Date();
    const epcs = [...new Set(passes.map((p) => p.epc))];
    const [items, recent] = await Promise.all([identifyItems(db, epcs), recentGateAlerts(db, gate.id, epcs, new Date(now.getTime() - settings.gateAlertWindowSeconds * 1000))]);
    const permits = await GatePermits.lookUp(db, gate.id, now, items);

    const passEvents: GatePassEvent[] = [];
    const raised: GateAlertRaised[] = [];
    for (const p of passes) {
      const item = items.get(p.epc)!;
      const outcome = decidePass({
        operatingMode: gate.operatingMode,
        direction: p.direction,
        itemKind: item.kind,
        permits: permits.of(p.epc, item),
        unknownTagAlert: settings.gateUnknownTagAlert === 1,
        recentAlertId: recent.get(p.epc) ?? null,
      });
      const passId = randomUUID();
      let alertId: string | null = null;
      if (outcome.decision === 'ALERT') {
        alertId = outcome.alertId ?? randomUUID();
        if (outcome.raise) {
          recent.set(p.epc, alertId);
          raised.push({
            type: 'GateAlertRaised',
            data: { alertId, passId, gateId: gate.id, gateCode: gate.code, gateName: gate.name, readerHostName: gate.host, antenna: p.antenna, epc: p.epc, item },
          });
        }
      }
      const permit = outcome.decision === 'ALLOWED' ? outcome.permit : null;
      permits.passed(p.epc, item, p.direction, permit);
      passEvents.push({
        type: 'GatePassDecided',
        data: {
          passId,
          gateId: gate.id,
          gateCode: gate.code,
          gateName: gate.name,
          antenna: p.antenna,
          direction: p.direction,
          epc: p.epc,
          item,
          decision: outcome.decision,
          permit: permit ? { kind: permit.kind, id: permit.id, code: permit.code } : null,
          alertId,
          at: new Date(p.atMs).toISOString(),
        },
      });
    }
    await this.commandBus.execute(new RecordGatePasses({ passes: passEvents, alerts: raised, unlessRecordedWithinMs: settings.gatePassGapSeconds * 1000 }));
  }
}

/** A gate with an inner and an outer antenna can tell the way an item went. */
function twoSided(reader: KnownReader): boolean {
  return reader.antennas.some((a) => a.role === 'INNER') && reader.antennas.some((a) => a.role === 'OUTER');
}

/** The passes a gate decided (a batch) and the alerts they raise: one transaction, each pass its own stream. */
/**
 * Passes decided, and the alerts they raise, recorded in one transaction. `unlessRecordedWithinMs` (the pass
 * gap): a pass of a tag at a gate that has one recorded within the gap of it is the same pass seen again
 * (a server that took the gate over replaying what its dead owner had recorded, or a dead server's journal
 * taken in later), and is left out with its alert; the gate's passes are recorded one batch at a time,
 * whichever server decides them, so two never both record one.
 */
export class RecordGatePasses extends commandOf<{ passes: GatePassEvent[]; alerts: readonly AlertRaisedEvent[]; unlessRecordedWithinMs?: number }>() {}

@CommandHandler(RecordGatePasses)
export class RecordGatePassesHandler implements ICommandHandler<RecordGatePasses> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ passes, alerts, unlessRecordedWithinMs }: RecordGatePasses): Promise<void> {
    await this.platform.db.transaction().execute(async (tx) => {
      let fresh = passes;
      if (unlessRecordedWithinMs !== undefined && passes.length) {
        await lockStreams(tx, [...new Set(passes.map((p) => `gate-passes-${p.data.gateId}`))]);
        fresh = await notRecordedYet(tx, passes, unlessRecordedWithinMs);
      }
      const kept = new Set(fresh.map((p) => p.data.passId));
      await this.platform.commands.create(gatePassModel, fresh.map((e) => ({ id: e.data.passId, decide: () => [e] })), { tx });
      await this.commandBus.execute(new RaiseAlerts({ alerts: alerts.filter((a) => a.type !== 'GateAlertRaised' || kept.has(a.data.passId)), tx }));
    });
  }
}

/** The passes of which no pass of the same tag at the same gate is recorded within `gapMs`. */
async function notRecordedYet(tx: Tx, passes: readonly GatePassEvent[], gapMs: number): Promise<GatePassEvent[]> {
  const times = passes.map((p) => Date.parse(p.data.at));
  const recorded = await tx
    .selectFrom('gate_passes')
    .select(['gate_id', 'epc', 'at'])
    .where('gate_id', 'in', [...new Set(passes.map((p) => p.data.gateId))])
    .where('epc', 'in', [...new Set(passes.map((p) => p.data.epc))])
    .where('at', '>=', new Date(Math.min(...times) - gapMs))
    .where('at', '<=', new Date(Math.max(...times) + gapMs))
    .execute();
  return passes.filter((p) => !recorded.some((r) => r.gate_id === p.data.gateId && r.epc === p.data.epc && Math.abs(r.at.getTime() - Date.parse(p.data.at)) <= gapMs));
}
