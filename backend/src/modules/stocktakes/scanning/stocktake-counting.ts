import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Platform } from '../../../platform/platform.js';
import { ReaderClaims, type Observation, type ReaderClaim } from '../../readers/readers.public.js';
import { decideStocktake, EVENT_CHUNK, stocktakeModel, type CountedTag } from '../domain/stocktake.js';
import { appendBulk } from '../commands/bulk-events.js';
import { classifyTags } from './classify-tags.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** A tag to count: where it was counted, and by which reader (null: uploaded). */
export interface TagRead {
  epc: string;
  zoneId: string;
  readerId: string | null;
}

/** The claim of a stocktake's readers while it counts. */
export const stocktakeClaim = (stocktakeId: string): ReaderClaim => ({ kind: 'stocktake', id: stocktakeId });

/**
 * Counting on stocktakes: a stocktake INVENTORIZING claims its readers (`ReaderClaims`), which puts
 * them into COUNTING mode and starts them, and stops them when it is reset or closed; the reads of its
 * readers reach it once per tag (two handhelds sweeping one shelf count each tag once), one
 * `CountStocktakeTags` command per batch.
 */
@Injectable()
export class StocktakeCounting implements OnModuleInit {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly claims: ReaderClaims,
    private readonly commandBus: CommandBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.claims.register({
      kind: 'stocktake',
      held: async () => (await this.platform.db.selectFrom('stocktakes').select(['id', 'reader_ids as readerIds']).where('status', '=', 'INVENTORIZING').execute()),
      readers: { start: [{ command: 'set_mode', mode: 'COUNTING' }, { command: 'start' }], manualOnly: false },
      seen: async (stocktakeId) => (await this.platform.db.selectFrom('stocktake_scans').select('epc').where('stocktake_id', '=', stocktakeId).execute()).map((r) => r.epc),
      count: (stocktakeId, reads) => this.countReads(stocktakeId, reads),
    });
  }

  /** The zone a tag counts in: the reader's, when it is one of the stocktake's, else the stocktake's first. */
  static zoneOf(zoneIds: readonly string[], zoneId: string | null): string {
    return zoneId && zoneIds.includes(zoneId) ? zoneId : zoneIds[0]!;
  }

  private async countReads(stocktakeId: string, reads: readonly Observation[]): Promise<void> {
    const row = await this.platform.db.selectFrom('stocktakes').select('zone_ids').where('id', '=', stocktakeId).executeTakeFirst();
    if (!row) return;
    await this.commandBus.execute(new CountStocktakeTags({ stocktakeId, reads: reads.map((o) => ({ epc: o.epc, zoneId: StocktakeCounting.zoneOf(row.zone_ids, o.zoneId), readerId: o.readerId })), strict: false }));
  }

}

/**
 * Tags counted on a stocktake (a reader's batch, or an upload): each EPC once, whatever reads it.
 * `strict` (an upload): a stocktake not counting refuses even tags all counted already.
 */
export class CountStocktakeTags extends commandOf<{ stocktakeId: string; reads: readonly TagRead[]; strict: boolean }, { counted: number; repeated: number }>() {}

@CommandHandler(CountStocktakeTags)
export class CountStocktakeTagsHandler extends PlatformHandler implements ICommandHandler<CountStocktakeTags> {
  async execute({ stocktakeId, reads, strict }: CountStocktakeTags): Promise<{ counted: number; repeated: number }> {
    const fresh = new Map<string, TagRead>();
    for (const r of reads) if (!fresh.has(r.epc)) fresh.set(r.epc, r);
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
    }
    return { counted, repeated: reads.length - counted };
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
