import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { InTurn } from '../../../platform/in-turn.js';
import { Platform } from '../../../platform/platform.js';
import { ReaderClaims, ReaderDirectory, ReaderLiveState, firstReaderUsers, type Observation, type ReaderClaim } from '../../readers/readers.public.js';
import { identifyEpcs } from '../../rfid/rfid.public.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { countingModel, decideCount, decideStop } from './counting.js';
import type { CountingTag } from '../stocktakes.events.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** How often silent counts are looked for (silent: nothing read for the system setting's countingIdleSeconds). */
const SWEEP_MS = 5_000;

/** The claim of a handheld's reader by its quick count. */
const countingClaim = (countingId: string): ReaderClaim => ({ kind: 'counting', id: countingId });

/**
 * Quick counts without a ticket. A handheld in COUNTING mode that nobody claims opens a count at its
 * first read, which claims the reader (`ReaderClaims`) and gives it up to a ticket or a stocktake that
 * claims it (the count stops); each tag is counted once (a CountingTagsCounted per batch); the count
 * stops when the reader stops scanning, disconnects or falls silent for the countingIdleSeconds
 * setting. When its reader was last heard is kept in memory: a restart stops the counts open (their
 * events so far stay). Its pushes follow its events (`CountingPushes`).
 */
@Injectable()
export class CountingSessions implements OnModuleInit, OnModuleDestroy, OnApplicationBootstrap {
  /** The counts open here: their reader, and when it was last heard. */
  private readonly open = new Map<string, { readerId: string; lastAt: number }>();
  private timer: NodeJS.Timeout | undefined;
  /** Counts change one at a time: a stop never overtakes the tags before it. */
  private readonly changes = new InTurn();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly claims: ReaderClaims,
    private readonly directory: ReaderDirectory,
    private readonly live: ReaderLiveState,
    private readonly settings: SystemSettingsService,
    private readonly commandBus: CommandBus,
  ) {}

  /** Counts a previous run left open end now (their reader's session is gone with it), once the command handlers are registered. */
  async onApplicationBootstrap(): Promise<void> {
    const left = await this.platform.db.selectFrom('countings').select('id').where('stopped_at', 'is', null).execute();
    for (const c of left) await this.commandBus.execute(new ChangeCounting({ change: { kind: 'stop', countingId: c.id } }));
  }

  async onModuleInit(): Promise<void> {
    await this.claims.register({
      kind: 'counting',
      yields: true,
      // a quick count ends with the server that ran it: none is held at start
      held: async () => [],
      seen: async (countingId) => (await this.platform.db.selectFrom('counting_tags').select('epc').where('counting_id', '=', countingId).execute()).map((r) => r.epc),
      count: (countingId, reads) => this.changes.run(() => this.count(countingId, reads)),
      heard: (countingId, at) => {
        const open = this.open.get(countingId);
        if (open) open.lastAt = Math.max(open.lastAt, at.getTime());
      },
      // most free readers are no counting handheld (gates): asked at once, not in turn
      claimFree: async (readerId, reads) => (this.countsFor(readerId, reads) ? this.changes.run(() => this.openCount(readerId, reads)) : undefined),
      givenUp: (countingId) => this.inTurn(() => this.stop(countingId, { release: false })),
    });
    const stopReaderCount = (readerId: string) => {
      const claim = this.claims.claimOf(readerId);
      if (claim?.kind === 'counting') void this.inTurn(() => this.stop(claim.id, { release: true }));
    };
    this.live.onConnectionChange((reader, connection) => connection === 'DISCONNECTED' && stopReaderCount(reader.id));
    this.live.onScanningChange((readerId, scanning) => !scanning && stopReaderCount(readerId));
    this.timer = setInterval(() => void this.inTurn(() => this.stopSilent(Date.now())), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private inTurn(work: () => Promise<void>): Promise<void> {
    return this.changes.run(work).catch((err: unknown) => this.platform.logger.error({ err }, 'a quick count failed'));
  }

  /** Whether a reader's reads open a quick count: a handheld in COUNTING mode. */
  private countsFor(readerId: string, reads: readonly Observation[]): boolean {
    return reads[0]?.readerKind === 'HANDHELD' && this.directory.byReaderId(readerId)?.deviceMode === 'COUNTING';
  }

  /** A handheld in COUNTING mode heard while nobody claims it: a new count claims it. */
  private async openCount(readerId: string, reads: readonly Observation[]): Promise<string | undefined> {
    const countingId = randomUUID();
    const userId = (await firstReaderUsers(this.platform.db, [readerId])).get(readerId) ?? null;
    const zoneId = reads[0]!.zoneId;
    try {
      await this.claims.change(async (tx, claims) => {
        await claims.take(countingClaim(countingId), [readerId]);
        await this.commandBus.execute(new ChangeCounting({ change: { kind: 'start', countingId, readerId, userId, zoneId }, tx }));
      });
    } catch (err) {
      // claimed meanwhile (by another server, or a ticket or stocktake): its reads are that holder's
      if (err instanceof AppError && err.code === 'READER_BUSY') return undefined;
      throw err;
    }
    this.open.set(countingId, { readerId, lastAt: Date.now() });
    return countingId;
  }

  private count(countingId: string, reads: readonly Observation[]): Promise<void> {
    return this.commandBus.execute(new ChangeCounting({ change: { kind: 'count', countingId, epcs: reads.map((o) => o.epc) } }));
  }

  /** The count stops; `release`: its reader is let go (not when another holder took it). */
  private async stop(countingId: string, opts: { release: boolean }): Promise<void> {
    this.open.delete(countingId);
    await this.claims.change(async (tx, claims) => {
      await this.commandBus.execute(new ChangeCounting({ change: { kind: 'stop', countingId }, tx }));
      if (opts.release) await claims.release(countingClaim(countingId));
    });
  }

  private async stopSilent(now: number): Promise<void> {
    const idleMs = this.settings.current().countingIdleSeconds * 1000;
    for (const [countingId, open] of this.open) if (now - open.lastAt > idleMs) await this.stop(countingId, { release: true });
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

/**
 * A quick count started (its reader claimed in the caller's transaction), tags it counted (identified:
 * a sample's, a product unit's, unknown), or its end.
 */
export class ChangeCounting extends commandOf<{
  change:
    | { kind: 'start'; countingId: string; readerId: string; userId: string | null; zoneId: string | null }
    | { kind: 'count'; countingId: string; epcs: string[] }
    | { kind: 'stop'; countingId: string };
  tx?: Tx;
}>() {}

@CommandHandler(ChangeCounting)
export class ChangeCountingHandler extends PlatformHandler implements ICommandHandler<ChangeCounting> {
  async execute({ change, tx }: ChangeCounting): Promise<void> {
    const { countingId } = change;
    if (change.kind === 'start') {
      const data = { countingId, readerId: change.readerId, userId: change.userId, zoneId: change.zoneId };
      await this.platform.commands.create(countingModel, [{ id: countingId, decide: () => [{ type: 'CountingStarted' as const, data }] }], { tx });
    } else if (change.kind === 'count') {
      const tags = await identify(this.platform, change.epcs);
      await this.platform.commands.execute(countingModel, countingId, (s) => decideCount(s, countingId, tags), { tx });
    } else {
      await this.platform.commands.execute(countingModel, countingId, (s) => decideStop(s, countingId), { tx });
    }
  }
}
