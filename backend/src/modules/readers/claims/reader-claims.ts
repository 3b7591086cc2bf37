import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ReaderCommandRequest } from '@rfid/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../../platform/database/database.js';
import { isDatabaseUnavailable } from '../../../platform/database/database-faults.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { DeviceCommands } from '../commands/device-commands.js';
import type { Observation } from '../ingest/observation.js';
import { ObservationBus } from '../ingest/observations.js';
import { readerSummaries } from '../reader-views/readers.queries.js';
import { ReaderOwnership } from '../ingest/reader-ownership.js';

/** Who reads with a reader now: a kind of holder (`ticket`, `stocktake`, `counting`) and its record. */
export interface ReaderClaim {
  kind: string;
  id: string;
}

/** A reader that did not carry out what its claim told it, and the code it answered. */
export interface ReaderFailure {
  readerId: string;
  code: string | null;
}

/** What a kind of holder does with the reads of the readers it claims. */
export interface ClaimHolder {
  kind: string;
  /** Another holder may take its readers (a quick count gives way to a ticket or a stocktake); it is told by `givenUp`. */
  yields?: boolean;
  /** What its readers are told when it claims them and when it lets them go; `manualOnly`: only readers in MANUAL operating mode (an AUTOMATIC one reads all the time). */
  readers?: { start: readonly ReaderCommandRequest[]; manualOnly: boolean };
  /** What it holds as its own records say (read once, at start): each record and the readers it claims. */
  held(): Promise<readonly { id: string; readerIds: readonly string[] }[]>;
  /** The EPCs the holder has counted already: read again, they reach `count` no more. */
  seen(holderId: string): Promise<Iterable<string>>;
  /** The reads of its readers whose EPC it has not counted yet, one per EPC. A failure other than the database out of reach is logged; the reads stay unseen. */
  count(holderId: string, reads: readonly Observation[]): Promise<void>;
  /** Its readers were heard (whatever they read) at this time. */
  heard?(holderId: string, at: Date): void;
  /** A reader nobody claims was heard: the holder may claim it now (a quick count opens at a handheld's first read) and answers its id. */
  claimFree?(readerId: string, reads: readonly Observation[]): Promise<string | undefined>;
  /** Another holder took these readers of a holder that yields. */
  givenUp?(holderId: string, readerIds: readonly string[]): Promise<void>;
}

/** The claims a transaction takes and releases (`ReaderClaims.change`). */
export interface ClaimChanges {
  /**
   * Claims the readers for the holder, and lets go of its other readers. A reader another holder has is
   * READER_BUSY (but one of a holder that yields, which is told). `startNow`: the readers are started
   * before the transaction commits, and one that fails refuses it all (a ticket scans with all its readers
   * or none); otherwise after, and the readers that failed are answered.
   */
  take(claim: ReaderClaim, readerIds: readonly string[], opts?: { startNow?: boolean }): Promise<void>;
  /** Lets go of the holder's readers, stopped after the commit; `strict`: a reader that does not stop fails the call (after the commit: the claim is gone all the same). */
  release(claim: ReaderClaim, opts?: { strict?: boolean }): Promise<void>;
}

/** Announced when claims change: every server reads them again. */
const CLAIMS_CHANGED = 'reader-claims';

const keyOf = (c: ReaderClaim) => `${c.kind}:${c.id}`;

/**
 * What each reader reads for, one holder at a time, for every consumer of reads that needs a reader to
 * itself (ticket scanning, stocktake counting, quick counts): taken and released in the holder's own
 * transaction (`change`), stored in `reader_claims` and known to every server (announced at the
 * commit, read again on hearing it). The readers are started when claimed and stopped when let go, as
 * their holder's kind says. The claimed readers' reads reach their holder once per EPC (the seen set,
 * loaded from the holder on first use and kept while the claim lasts), through one consumer of the
 * observation bus.
 */
@Injectable()
export class ReaderClaims implements OnModuleInit, OnModuleDestroy {
  private readonly holders = new Map<string, ClaimHolder>();
  private byReader = new Map<string, ReaderClaim>();
  private readonly seen = new Map<string, Set<string>>();
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: ObservationBus,
    private readonly devices: DeviceCommands,
    private readonly ownership: ReaderOwnership,
  ) {}

  async onModuleInit(): Promise<void> {
    this.bus.register({ name: 'claims', consume: (batch) => this.consume(batch) });
    // a reader taken over from another server: what its holder has counted meanwhile is read again
    this.ownership.onGaining((readers) => {
      for (const { readerId } of readers) {
        const claim = this.byReader.get(readerId);
        if (claim) this.seen.delete(keyOf(claim));
      }
    });
    this.stopListening = this.platform.notifier.onAnnounced(CLAIMS_CHANGED, () => {
      this.reload().catch((err: unknown) => this.platform.logger.warn({ err }, 'reader claims could not be read again'));
    });
    await this.reload();
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  /** A holder's reads are routed to it from now; the claims of its kind become what its records hold (`restore`). */
  async register(holder: ClaimHolder): Promise<void> {
    this.holders.set(holder.kind, holder);
    await this.restore(holder.kind, await holder.held());
  }

  /** Who reads with this reader now, if anyone. */
  claimOf(readerId: string): ReaderClaim | undefined {
    return this.byReader.get(readerId);
  }

  /**
   * The claims a kind of holder has, as its own records say at start: what they name is claimed where
   * free, and the kind's other claims go (a stocktake closed while no server ran, a quick count that
   * ended with its server).
   */
  private async restore(kind: string, held: readonly { id: string; readerIds: readonly string[] }[]): Promise<void> {
    await this.platform.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('reader_claims').where('holder_kind', '=', kind).$if(held.length > 0, (q) => q.where('holder_id', 'not in', held.map((h) => h.id))).execute();
      const rows = held.flatMap((h) => h.readerIds.map((readerId) => ({ reader_id: readerId, holder_kind: kind, holder_id: h.id })));
      if (rows.length) await tx.insertInto('reader_claims').values(rows).onConflict((oc) => oc.column('reader_id').doNothing()).execute();
      await this.platform.notifier.announce(tx, CLAIMS_CHANGED);
    });
    await this.reload();
  }

  /**
   * Runs `work` in a transaction in which it takes and releases claims; once it commits, every server
   * knows, the readers let go are stopped, those claimed without `startNow` started, and holders that
   * gave readers up are told. Answers what `work` answered and the readers that did not start.
   */
  async change<T>(work: (tx: Tx, claims: ClaimChanges) => Promise<T>): Promise<{ value: T; failed: ReaderFailure[] }> {
    const toStart: { claim: ReaderClaim; readerIds: string[] }[] = [];
    const toStop: { claim: ReaderClaim; readerIds: string[]; strict: boolean }[] = [];
    const givenUp: { claim: ReaderClaim; readerIds: string[] }[] = [];
    const touched = new Set<string>();
    const value = await this.platform.db.transaction().execute(async (tx) => {
      const changes: ClaimChanges = {
        take: async (claim, readerIds, opts = {}) => {
          touched.add(keyOf(claim));
          const { added, displaced } = await this.take(tx, claim, readerIds);
          givenUp.push(...displaced);
          if (opts.startNow) {
            const failed = await this.startReaders(claim, added);
            if (failed[0]) throw failed[0].error;
          } else toStart.push({ claim, readerIds: added });
        },
        release: async (claim, opts = {}) => {
          touched.add(keyOf(claim));
          const released = await tx.deleteFrom('reader_claims').where('holder_kind', '=', claim.kind).where('holder_id', '=', claim.id).returning('reader_id').execute();
          if (released.length) await this.platform.notifier.announce(tx, CLAIMS_CHANGED);
          toStop.push({ claim, readerIds: released.map((r) => r.reader_id), strict: opts.strict ?? false });
        },
      };
      return work(tx, changes);
    });
    for (const key of touched) this.seen.delete(key);
    await this.reload();
    const failed: ReaderFailure[] = [];
    for (const { claim, readerIds } of toStart) failed.push(...(await this.startReaders(claim, readerIds)).map(({ readerId, error }) => ({ readerId, code: error instanceof AppError ? error.code : null })));
    for (const { claim, readerIds } of givenUp) await this.holders.get(claim.kind)?.givenUp?.(claim.id, readerIds);
    let stopFailure: unknown;
    for (const { claim, readerIds, strict } of toStop) {
      for (const { error } of await this.sendToReaders(claim, readerIds, [{ command: 'stop' }], 'did not stop')) {
        if (strict && !stopFailure && !(error instanceof AppError && error.code === 'READER_NOT_CONNECTED')) stopFailure = error;
      }
    }
    if (stopFailure) throw stopFailure;
    return { value, failed };
  }

  private async take(tx: Tx, claim: ReaderClaim, readerIds: readonly string[]): Promise<{ added: string[]; displaced: { claim: ReaderClaim; readerIds: string[] }[] }> {
    const wanted = [...new Set(readerIds)].sort();
    const yielding = [...this.holders.values()].filter((h) => h.yields && h.kind !== claim.kind).map((h) => h.kind);
    const [dropped] = await tx.deleteFrom('reader_claims').where('holder_kind', '=', claim.kind).where('holder_id', '=', claim.id).$if(wanted.length > 0, (q) => q.where('reader_id', 'not in', wanted)).execute();
    const before = wanted.length ? await tx.selectFrom('reader_claims').select(['reader_id', 'holder_kind', 'holder_id']).where('reader_id', 'in', wanted).execute() : [];
    const mine = new Set(before.filter((r) => r.holder_kind === claim.kind && r.holder_id === claim.id).map((r) => r.reader_id));
    const added = wanted.filter((id) => !mine.has(id));
    if (added.length) {
      // in one order (sorted), so two holders claiming readers in common wait for each other and never deadlock
      const { rows } = await sql<{ reader_id: string }>`
        insert into reader_claims (reader_id, holder_kind, holder_id)
        select unnest(${added}::uuid[]), ${claim.kind}, ${claim.id}
        on conflict (reader_id) do update set holder_kind = excluded.holder_kind, holder_id = excluded.holder_id, claimed_at = now()
          where reader_claims.holder_kind = any(${yielding}::text[])
        returning reader_id`.execute(tx);
      const taken = new Set(rows.map((r) => r.reader_id));
      const busy = added.find((id) => !taken.has(id));
      if (busy) {
        const other = await tx.selectFrom('reader_claims').select(['holder_kind', 'holder_id']).where('reader_id', '=', busy).executeTakeFirst();
        throw new AppError('READER_BUSY', { readerId: busy, claimedFor: other?.holder_kind ?? null, id: other?.holder_id ?? null });
      }
    }
    if (added.length || Number(dropped?.numDeletedRows ?? 0) > 0) await this.platform.notifier.announce(tx, CLAIMS_CHANGED);
    const displaced = new Map<string, { claim: ReaderClaim; readerIds: string[] }>();
    for (const r of before) {
      if (mine.has(r.reader_id)) continue;
      const other = { kind: r.holder_kind, id: r.holder_id };
      const entry = displaced.get(keyOf(other)) ?? { claim: other, readerIds: [] };
      entry.readerIds.push(r.reader_id);
      displaced.set(keyOf(other), entry);
    }
    return { added, displaced: [...displaced.values()] };
  }

  private startReaders(claim: ReaderClaim, readerIds: readonly string[]): Promise<{ readerId: string; error: unknown }[]> {
    return this.sendToReaders(claim, readerIds, this.holders.get(claim.kind)?.readers?.start ?? [], 'did not start');
  }

  /** Sends each reader the commands in order (stopping at its first failure), all readers at once; answers those that failed. */
  private async sendToReaders(claim: ReaderClaim, readerIds: readonly string[], commands: readonly ReaderCommandRequest[], failure: string): Promise<{ readerId: string; error: unknown }[]> {
    const spec = this.holders.get(claim.kind)?.readers;
    if (!spec || !commands.length || !readerIds.length) return [];
    const modes = spec.manualOnly ? await readerSummaries(this.platform.db, readerIds) : undefined;
    const targets = modes ? readerIds.filter((id) => modes.get(id)?.operatingMode === 'MANUAL') : readerIds;
    const failed: { readerId: string; error: unknown }[] = [];
    await Promise.all(
      targets.map(async (readerId) => {
        try {
          for (const command of commands) await this.devices.send(readerId, command);
        } catch (error) {
          this.platform.logger.warn({ err: error, readerId, holder: claim }, `a reader of a ${claim.kind} ${failure}`);
          failed.push({ readerId, error });
        }
      }),
    );
    return failed;
  }

  private async reload(): Promise<void> {
    const rows = await this.platform.db.selectFrom('reader_claims').select(['reader_id', 'holder_kind', 'holder_id']).execute();
    this.byReader = new Map(rows.map((r) => [r.reader_id, { kind: r.holder_kind, id: r.holder_id }]));
    const held = new Set(rows.map((r) => `${r.holder_kind}:${r.holder_id}`));
    for (const key of this.seen.keys()) if (!held.has(key)) this.seen.delete(key);
  }

  private async seenOf(claim: ReaderClaim, holder: ClaimHolder): Promise<Set<string>> {
    const key = keyOf(claim);
    let seen = this.seen.get(key);
    if (!seen) {
      const loaded = new Set(await holder.seen(claim.id));
      seen = this.seen.get(key) ?? loaded;
      this.seen.set(key, seen);
    }
    return seen;
  }

  /** The reads of claimed readers, to their holders (a free reader first offered to the holders that claim on a read). */
  private async consume(batch: readonly Observation[]): Promise<void> {
    const byReader = new Map<string, Observation[]>();
    for (const o of batch) {
      const reads = byReader.get(o.readerId);
      if (reads) reads.push(o);
      else byReader.set(o.readerId, [o]);
    }
    const byClaim = new Map<string, { claim: ReaderClaim; reads: Observation[] }>();
    for (const [readerId, reads] of byReader) {
      const claim = this.byReader.get(readerId) ?? (await this.claimFree(readerId, reads));
      if (!claim) continue;
      const entry = byClaim.get(keyOf(claim)) ?? { claim, reads: [] };
      entry.reads.push(...reads);
      byClaim.set(keyOf(claim), entry);
    }
    for (const { claim, reads } of byClaim.values()) {
      const holder = this.holders.get(claim.kind);
      if (!holder) continue;
      try {
        holder.heard?.(claim.id, new Date(Math.max(...reads.map((o) => o.at.getTime()))));
        const seen = await this.seenOf(claim, holder);
        const fresh = new Map<string, Observation>();
        for (const o of reads) if (!seen.has(o.epc) && !fresh.has(o.epc)) fresh.set(o.epc, o);
        if (!fresh.size) continue;
        await holder.count(claim.id, [...fresh.values()]);
        for (const epc of fresh.keys()) seen.add(epc);
      } catch (err) {
        // the database out of reach: the bus offers the batch again (what was counted is not counted twice)
        if (isDatabaseUnavailable(err)) throw err;
        this.platform.logger.error({ err, holder: claim }, 'reads could not be counted for the holder of a reader');
      }
    }
  }

  private async claimFree(readerId: string, reads: readonly Observation[]): Promise<ReaderClaim | undefined> {
    for (const holder of this.holders.values()) {
      if (!holder.claimFree) continue;
      const id = await holder.claimFree(readerId, reads);
      if (id) return { kind: holder.kind, id };
    }
    return undefined;
  }
}
