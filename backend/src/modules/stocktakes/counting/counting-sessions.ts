import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { P, REALTIME_EVENTS } from '@rfid/contracts';
import { InTurn } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { ObservationBus, ReaderDirectory, ReaderLiveState, firstReaderUsers, type Observation } from '../../readers/readers.public.js';
import { identifyEpcs } from '../../rfid/rfid.public.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { countingModel, decideCount, decideStop, type CountingTag } from './counting.js';
import { StocktakeCounting } from '../scanning/stocktake-counting.js';
import { CountingQueries } from './countings.queries.js';

/** How often silent counts are looked for (silent: nothing read for the system setting's countingIdleSeconds). */
const SWEEP_MS = 5_000;

interface Open {
  countingId: string;
  seen: Set<string>;
  lastAt: number;
}

/**
 * Quick counts without a ticket. A handheld in COUNTING mode whose reads count for no stocktake in
 * progress opens a count at its first read; each tag is counted once (a CountingTagsCounted per batch);
 * the count stops when the reader stops scanning or falls silent for the countingIdleSeconds setting. Each change is
 * pushed (`counting`) to whoever may see counts. Whether a reader counts for a stocktake is asked of
 * StocktakeCounting, which keeps it in memory (no query per batch). Counts open in memory: a restart
 * stops them (their events so far stay).
 */
@Injectable()
export class CountingSessions implements OnModuleInit, OnModuleDestroy {
  private readonly open = new Map<string, Open>();
  private timer: NodeJS.Timeout | undefined;
  /** Counts change one batch at a time: a stop never overtakes the tags before it. */
  private readonly changes = new InTurn();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: ObservationBus,
    private readonly directory: ReaderDirectory,
    private readonly live: ReaderLiveState,
    private readonly realtime: RealtimeGateway,
    private readonly queries: CountingQueries,
    private readonly stocktakes: StocktakeCounting,
    private readonly settings: SystemSettingsService,
  ) {}

  async onModuleInit(): Promise<void> {
    // counts a previous run left open end now: their reader's session is gone with it
    const left = await this.platform.db.selectFrom('countings').select('id').where('stopped_at', 'is', null).execute();
    for (const c of left) await this.platform.commands.execute(countingModel, c.id, (s) => decideStop(s, c.id));
    // a batch that fails is the bus's to offer again (each tag is counted once, whenever it comes)
    this.bus.register({ name: 'countings', consume: (batch) => this.changes.run(() => this.consume(batch)) });
    this.live.onConnectionChange((reader, connection) => connection === 'DISCONNECTED' && void this.inTurn(() => this.stop(reader.id)));
    this.live.onScanningChange((readerId, scanning) => !scanning && void this.inTurn(() => this.stop(readerId)));
    this.timer = setInterval(() => void this.inTurn(() => this.stopSilent(Date.now())), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private inTurn(work: () => Promise<void>): Promise<void> {
    return this.changes.run(work).catch((err: unknown) => this.platform.logger.error({ err }, 'a quick count failed'));
  }

  private async consume(batch: readonly Observation[]): Promise<void> {
    const byReader = new Map<string, Observation[]>();
    for (const o of batch) {
      if (o.readerKind !== 'HANDHELD' || this.directory.byReaderId(o.readerId)?.deviceMode !== 'COUNTING') continue;
      byReader.set(o.readerId, [...(byReader.get(o.readerId) ?? []), o]);
    }
    for (const [readerId, observations] of byReader) {
      if (this.stocktakes.counting(readerId)) continue;
      const session = await this.sessionOf(readerId, observations[0]!.zoneId);
      session.lastAt = Math.max(session.lastAt, ...observations.map((o) => o.at.getTime()));
      const fresh = [...new Set(observations.map((o) => o.epc))].filter((epc) => !session.seen.has(epc));
      if (!fresh.length) continue;
      const tags = await identify(this.platform, fresh);
      await this.platform.commands.execute(countingModel, session.countingId, (s) => decideCount(s, session.countingId, tags));
      for (const epc of fresh) session.seen.add(epc);
      await this.push(session.countingId);
    }
  }

  private async sessionOf(readerId: string, zoneId: string | null): Promise<Open> {
    const known = this.open.get(readerId);
    if (known) return known;
    const countingId = randomUUID();
    const userId = (await firstReaderUsers(this.platform.db, [readerId])).get(readerId) ?? null;
    await this.platform.commands.create(countingModel, [{ id: countingId, decide: () => [{ type: 'CountingStarted' as const, data: { countingId, readerId, userId, zoneId } }] }]);
    const session: Open = { countingId, seen: new Set(), lastAt: Date.now() };
    this.open.set(readerId, session);
    return session;
  }

  private async stop(readerId: string): Promise<void> {
    const session = this.open.get(readerId);
    if (!session) return;
    this.open.delete(readerId);
    await this.platform.commands.execute(countingModel, session.countingId, (s) => decideStop(s, session.countingId));
    await this.push(session.countingId);
  }

  private async stopSilent(now: number): Promise<void> {
    const idleMs = this.settings.current().countingIdleSeconds * 1000;
    for (const [readerId, session] of this.open) if (now - session.lastAt > idleMs) await this.stop(readerId);
  }

  private async push(countingId: string): Promise<void> {
    const view = await this.queries.view(countingId);
    if (view) this.realtime.toPermission(P.STOCKTAKE_COUNTING_LIST, REALTIME_EVENTS.COUNTING, view);
  }
}

/** What each tag is: a sample's, a product unit's, or unknown. */
async function identify(platform: Platform, epcs: string[]): Promise<CountingTag[]> {
  const identities = await identifyEpcs(platform.db, epcs);
  return epcs.map((epc): CountingTag => {
    const item = identities.get(epc);
    if (!item) return { epc, kind: 'UNKNOWN', itemId: null };
    return item.kind === 'SAMPLE' ? { epc, kind: 'SAMPLE', itemId: item.sampleId } : { epc, kind: 'PRODUCT', itemId: item.productId };
  });
}
