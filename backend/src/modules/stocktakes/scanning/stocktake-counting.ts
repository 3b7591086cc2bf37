import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { P, REALTIME_EVENTS, type StocktakeProgressPush, type StocktakeStatus } from '@rfid/contracts';
import { sql } from 'kysely';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { isDatabaseUnavailable } from '../../../platform/database/database-faults.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { DeviceCommands, ObservationBus, type Observation } from '../../readers/readers.public.js';
import { decideStocktake, EVENT_CHUNK, stocktakeModel, type CountedTag } from '../domain/stocktake.js';
import { appendBulk } from '../commands/bulk-events.js';
import { totalsOf } from '../queries/stocktakes.queries.js';
import { classifyTags } from './classify-tags.js';

/** A tag to count: where it was counted, and by which reader (null: uploaded). */
export interface TagRead {
  epc: string;
  zoneId: string;
  readerId: string | null;
}

interface Counting {
  stocktakeId: string;
  zoneIds: string[];
  readerIds: string[];
}

/** Pushes of one stocktake's progress: at most one per PUSH_EVERY_MS, the last one always sent. */
const PUSH_EVERY_MS = 250;

/**
 * Counting on stocktakes: which stocktake each reader counts for now (its stocktake is INVENTORIZING),
 * the tags each stocktake has counted already (read again, they cost nothing: two handhelds sweeping one
 * shelf count each tag once), one `count` command per batch of new tags, and the progress pushed to
 * whoever may see the stocktake.
 */
@Injectable()
export class StocktakeCounting implements OnModuleInit, OnModuleDestroy {
  private readonly byReader = new Map<string, Counting>();
  private readonly byStocktake = new Map<string, Counting>();
  /** EPCs counted per stocktake, loaded from stocktake_scans on first use. */
  private readonly seen = new Map<string, Set<string>>();
  private readonly pushes = new Map<string, { last: number; timer: NodeJS.Timeout | null }>();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly bus: ObservationBus,
    private readonly devices: DeviceCommands,
    private readonly realtime: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    const rows = await this.platform.db.selectFrom('stocktakes').select(['id', 'zone_ids', 'reader_ids']).where('status', '=', 'INVENTORIZING').execute();
    for (const r of rows) this.track({ stocktakeId: r.id, zoneIds: r.zone_ids, readerIds: r.reader_ids });
    this.bus.register({ name: 'stocktakes', consume: (batch) => this.consume(batch) });
  }

  onModuleDestroy(): void {
    for (const p of this.pushes.values()) if (p.timer) clearTimeout(p.timer);
  }

  /** Whether a reader counts for a stocktake in progress now (its reads are that stocktake's). */
  counting(readerId: string): boolean {
    return this.byReader.has(readerId);
  }

  /** The stocktake a reader counts for now, other than this one. */
  busyWith(readerId: string, stocktakeId: string): string | undefined {
    const other = this.byReader.get(readerId);
    return other && other.stocktakeId !== stocktakeId ? other.stocktakeId : undefined;
  }

  /** The stocktake started counting: its readers' observations count for it. */
  track(c: Counting): void {
    this.untrack(c.stocktakeId);
    this.byStocktake.set(c.stocktakeId, c);
    for (const id of c.readerIds) this.byReader.set(id, c);
  }

  /** The stocktake stopped counting (reset or closed): its readers count for nothing, its scans are forgotten. */
  untrack(stocktakeId: string): void {
    this.seen.delete(stocktakeId);
    const c = this.byStocktake.get(stocktakeId);
    if (!c) return;
    this.byStocktake.delete(stocktakeId);
    for (const id of c.readerIds) if (this.byReader.get(id) === c) this.byReader.delete(id);
  }

  /** Puts the readers into COUNTING mode and starts them; a reader that fails is answered (the stocktake counts uploads all the same). */
  async startReaders(readerIds: readonly string[]): Promise<{ readerId: string; code: string | null }[]> {
    const failed: { readerId: string; code: string | null }[] = [];
    await Promise.all(
      readerIds.map(async (readerId) => {
        try {
          await this.devices.send(readerId, { command: 'set_mode', mode: 'COUNTING' });
          await this.devices.send(readerId, { command: 'start' });
        } catch (err) {
          this.platform.logger.warn({ err, readerId }, 'a reader of a stocktake did not start counting');
          failed.push({ readerId, code: err instanceof AppError ? err.code : null });
        }
      }),
    );
    return failed;
  }

  /** Stops the readers; one that does not stop is logged (the stocktake counts nothing more from it anyway). */
  async stopReaders(readerIds: readonly string[]): Promise<void> {
    await Promise.all(
      readerIds.map(async (readerId) => {
        try {
          await this.devices.send(readerId, { command: 'stop' });
        } catch (err) {
          this.platform.logger.warn({ err, readerId }, 'a reader of a stocktake that stopped counting did not stop');
        }
      }),
    );
  }

  /** The zone a tag counts in: the reader's, when it is one of the stocktake's, else the stocktake's first. */
  static zoneOf(zoneIds: readonly string[], zoneId: string | null): string {
    return zoneId && zoneIds.includes(zoneId) ? zoneId : zoneIds[0]!;
  }

  private async consume(batch: readonly Observation[]): Promise<void> {
    const reads = new Map<Counting, TagRead[]>();
    for (const o of batch) {
      const c = this.byReader.get(o.readerId);
      if (!c) continue;
      const list = reads.get(c) ?? [];
      list.push({ epc: o.epc, zoneId: StocktakeCounting.zoneOf(c.zoneIds, o.zoneId), readerId: o.readerId });
      reads.set(c, list);
    }
    for (const [c, list] of reads) {
      try {
        await this.count(c.stocktakeId, list, false);
      } catch (err) {
        // the database out of reach: the bus offers the batch again (what was counted is not counted twice)
        if (isDatabaseUnavailable(err)) throw err;
        this.platform.logger.error({ err, stocktakeId: c.stocktakeId }, 'reads could not be counted for a stocktake');
      }
    }
  }

  /**
   * Counts the tags not counted on the stocktake before (each EPC once, whatever reads it). `strict`
   * (an upload): a stocktake not counting refuses even tags all counted already.
   */
  async count(stocktakeId: string, reads: readonly TagRead[], strict: boolean): Promise<{ counted: number; repeated: number }> {
    const seen = await this.seenOf(stocktakeId);
    const fresh = new Map<string, TagRead>();
    for (const r of reads) if (!seen.has(r.epc) && !fresh.has(r.epc)) fresh.set(r.epc, r);
    const todo = [...fresh.values()];
    if (!todo.length && strict) await this.platform.commands.execute(stocktakeModel, stocktakeId, (state) => decideStocktake(state, { kind: 'count', stocktakeId, counted: [] }));
    let counted = 0;
    for (let i = 0; i < todo.length; i += EVENT_CHUNK) {
      const chunk = todo.slice(i, i + EVENT_CHUNK);
      await this.platform.commands.execute(stocktakeModel, stocktakeId, async (state, { tx }) => {
        // refused before any read when not counting
        decideStocktake(state, { kind: 'count', stocktakeId, counted: [] });
        // counted meanwhile by another path (an upload while the readers count): the scans' key says so under the lock
        const { rows } = await sql<{ epc: string }>`select epc from stocktake_scans where stocktake_id = ${stocktakeId} and epc = any(${chunk.map((r) => r.epc)}::text[])`.execute(tx);
        const already = new Set(rows.map((r) => r.epc));
        const news = chunk.filter((r) => !already.has(r.epc));
        const tags = await classifyTags(tx, stocktakeId, news);
        counted += news.length;
        // under the stocktake's lock (a reset or close waits), on streams of their own
        await appendBulk(this.platform, decideStocktake(state, { kind: 'count', stocktakeId, counted: byReader(news, tags) }), tx);
        return [];
      });
      for (const r of chunk) seen.add(r.epc);
    }
    if (counted) this.schedulePush(stocktakeId);
    return { counted, repeated: reads.length - counted };
  }

  private async seenOf(stocktakeId: string): Promise<Set<string>> {
    let seen = this.seen.get(stocktakeId);
    if (!seen) {
      const rows = await this.platform.db.selectFrom('stocktake_scans').select('epc').where('stocktake_id', '=', stocktakeId).execute();
      seen = this.seen.get(stocktakeId) ?? new Set(rows.map((r) => r.epc));
      this.seen.set(stocktakeId, seen);
    }
    return seen;
  }

  /** Pushes the stocktake's progress now, or once PUSH_EVERY_MS has passed since the last push. */
  schedulePush(stocktakeId: string): void {
    const p = this.pushes.get(stocktakeId) ?? { last: 0, timer: null };
    this.pushes.set(stocktakeId, p);
    if (p.timer) return;
    const wait = Math.max(0, p.last + PUSH_EVERY_MS - Date.now());
    p.timer = setTimeout(() => {
      p.timer = null;
      p.last = Date.now();
      this.push(stocktakeId).catch((err) => this.platform.logger.error({ err, stocktakeId }, 'a stocktake’s progress could not be pushed'));
    }, wait);
  }

  private async push(stocktakeId: string): Promise<void> {
    const r = await this.platform.db.selectFrom('stocktakes').selectAll().where('id', '=', stocktakeId).executeTakeFirst();
    if (!r) return;
    const push: StocktakeProgressPush = {
      stocktakeId,
      status: r.status as StocktakeStatus,
      totals: totalsOf(r),
      position: r.position,
    };
    this.realtime.toPermission(P.STOCKTAKE_STOCKTAKING_DETAIL, REALTIME_EVENTS.STOCKTAKE_PROGRESS, push);
  }
}

/** The counted tags grouped by the reader that read them (one event each). */
function byReader(reads: readonly TagRead[], tags: readonly CountedTag[]): { readerId: string | null; tags: CountedTag[] }[] {
  const groups = new Map<string | null, CountedTag[]>();
  reads.forEach((r, i) => {
    const list = groups.get(r.readerId) ?? [];
    list.push(tags[i]!);
    groups.set(r.readerId, list);
  });
  return [...groups].map(([readerId, list]) => ({ readerId, tags: list }));
}
