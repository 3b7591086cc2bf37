import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  chunks,
  normalizeTagCode,
  tagCodeProblem,
  type CloseStocktakeRequest,
  type CreateStocktakeRequest,
  type StocktakeScansRequest,
  type StocktakeScansResponse,
  type UpdateStocktakeRequest,
} from '@rfid/contracts';
import { sql } from 'kysely';
import { v7 as timeOrderedUuid } from 'uuid';
import type { DbOrTx, Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { RaiseAlerts } from '../../alerts/alerts.public.js';
import { masterDataItemsByIds } from '../../master-data/master-data.public.js';
import { productsByIds } from '../../products/products.public.js';
import { ReaderClaims, readerSummaries, type ReaderFailure } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { samplePlaces, stockInZones } from '../../tickets/tickets.public.js';
import { userSummaries } from '../../users/users.public.js';
import { decideStocktake, EVENT_CHUNK, expectedTaken, stocktakeModel, type ExpectedLine, type StocktakeCommand, type StocktakeCorrections } from '../domain/stocktake.js';
import { appendBulk } from './bulk-events.js';
import { CountStocktakeTags, StocktakeCounting, stocktakeClaim } from '../scanning/stocktake-counting.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** The zones exist (zones of master data), the readers exist, the users exist. */
async function checkReferences(db: DbOrTx, r: { zoneIds?: string[]; readerIds: string[]; userIds: string[] }): Promise<void> {
  const zones = await masterDataItemsByIds(db, r.zoneIds ?? []);
  for (const id of r.zoneIds ?? []) if (zones.get(id)?.catalogue !== 'zones') throw new AppError('ZONE_NOT_FOUND', { zoneId: id });
  const readers = await readerSummaries(db, r.readerIds);
  for (const id of r.readerIds) if (!readers.has(id)) throw new AppError('READER_NOT_FOUND', { readerId: id });
  const users = await userSummaries(db, r.userIds);
  for (const id of r.userIds) if (!users.has(id)) throw new AppError('ACCOUNT_NOT_FOUND', { userId: id });
}

/**
 * What is in the zones now, EVENT_CHUNK lines at a time: each product's stock in each zone, then each
 * sample there (expected 1). The samples' places are read at once (one moment for the whole list), their
 * codes, names and tags a chunk at a time: a zone of 100,000 samples never holds all its lines in memory.
 */
async function* expectedLines(db: DbOrTx, zoneIds: string[]): AsyncGenerator<ExpectedLine[]> {
  const stock = await stockInZones(db, zoneIds);
  const products = await productsByIds(db, stock.map((s) => s.productId));
  for (const part of chunks(stock, EVENT_CHUNK)) {
    yield part.map((s): ExpectedLine => {
      const p = products.get(s.productId);
      return { key: `product:${s.productId}:${s.zoneId}`, kind: 'PRODUCT', itemId: s.productId, zoneId: s.zoneId, expected: s.quantity, code: p?.code ?? s.productId, name: p?.name ?? null };
    });
  }
  for (const part of chunks(await samplePlaces(db, { zoneIds }), EVENT_CHUNK)) {
    const ids = part.map((p) => p.sampleId);
    const attributes = await db
      .selectFrom(sampleAttributes(db).as('s'))
      .select(['s.id', 's.sample_code', 's.name', 's.current_tag_code'])
      .where('s.id', '=', sql<string>`any(${ids}::uuid[])`)
      .execute();
    const named = new Map(attributes.map((a) => [a.id, a]));
    yield part.map((p): ExpectedLine => {
      const s = named.get(p.sampleId);
      return { key: `sample:${p.sampleId}`, kind: 'SAMPLE', itemId: p.sampleId, zoneId: p.zoneId!, expected: 1, code: s?.sample_code ?? p.sampleId, name: s?.name ?? null, epc: s?.current_tag_code ?? null };
    });
  }
}

/**
 * What closing corrects, from the lines not ignored, each list only when chosen: samples found here
 * that belong to another zone move to the zone they were counted in; expected samples not found are
 * marked missing; each product line's stock changes by what was counted less what was expected.
 */
async function correctionsOf(tx: Tx, stocktakeId: string, r: CloseStocktakeRequest): Promise<{ corrections: StocktakeCorrections; abnormal: number }> {
  const lines = () => tx.selectFrom('stocktake_lines').where('stocktake_id', '=', stocktakeId).where('ignored', '=', false);
  const moved = r.moveFound
    ? await lines().select(['item_id', 'other_zone_id', 'zone_id']).where('result', '=', 'ABNORMAL').where('reason', '=', 'ZONE_MISMATCH').where('kind', '=', 'SAMPLE').orderBy('id').execute()
    : [];
  const missing = r.markMissing ? await lines().select('item_id').where('result', '=', 'MISSING').where('kind', '=', 'SAMPLE').orderBy('id').execute() : [];
  const stock = r.adjustStock
    ? await lines()
        .select(['item_id', 'zone_id', 'found', 'expected'])
        .where('kind', '=', 'PRODUCT')
        .where('result', '<>', 'ABNORMAL')
        .whereRef('found', '<>', 'expected')
        .orderBy('id')
        .execute()
    : [];
  const { n } = await lines().select((eb) => eb.fn.countAll<string>().as('n')).where('result', '=', 'ABNORMAL').executeTakeFirstOrThrow();
  return {
    corrections: {
      moved: moved.map((l) => ({ sampleId: l.item_id!, fromZoneId: l.other_zone_id, toZoneId: l.zone_id! })),
      missing: missing.map((l) => l.item_id!),
      stock: stock.map((l) => ({ productId: l.item_id!, zoneId: l.zone_id!, delta: l.found - l.expected })),
    },
    abnormal: Number(n),
  };
}

/*
 * The stocktakes' commands, each a message on the CommandBus and its handler: the platform's one way on the stocktake's stream.
 */

/** A new stocktake with what its zones hold now; nothing there: NO_DATA. */
export class CreateStocktake extends commandOf<{ request: CreateStocktakeRequest }, { id: string }>() {}

@CommandHandler(CreateStocktake)
export class CreateStocktakeHandler extends PlatformHandler implements ICommandHandler<CreateStocktake> {
  async execute({ request: r }: CreateStocktake): Promise<{ id: string }> {
    const stocktakeId = timeOrderedUuid();
    await this.platform.db.transaction().execute(async (tx) => {
      await checkReferences(tx, r);
      const expected = expectedLines(tx, r.zoneIds);
      const first = await expected.next();
      // the code is taken inside the transaction: a refused stocktake leaves a gap, never a duplicate
      const { rows } = await sql<{ code: string }>`select 'ST' || lpad(nextval('stocktake_code_seq')::text, 6, '0') as code`.execute(tx);
      const cmd: StocktakeCommand = {
        kind: 'create',
        stocktakeId,
        code: rows[0]!.code,
        name: r.name,
        note: r.note ?? null,
        zoneIds: r.zoneIds,
        readerIds: r.readerIds,
        userIds: r.userIds,
        anythingExpected: !first.done,
      };
      await this.platform.commands.execute(stocktakeModel, stocktakeId, (state) => decideStocktake(state, cmd), { tx });
      // the expected list after the stocktake itself, a chunk at a time, on streams of its own
      for (let part = first; !part.done; part = await expected.next()) await appendBulk(this.platform, [expectedTaken(stocktakeId, part.value)], tx);
    });
    return { id: stocktakeId };
  }
}

/** `version` is the one the form was opened on (another: CONCURRENCY_CONFLICT). */
export class UpdateStocktake extends commandOf<{ stocktakeId: string; request: UpdateStocktakeRequest }>() {}

@CommandHandler(UpdateStocktake)
export class UpdateStocktakeHandler extends PlatformHandler implements ICommandHandler<UpdateStocktake> {
  async execute({ stocktakeId, request: r }: UpdateStocktake): Promise<void> {
    await this.platform.commands.execute(
      stocktakeModel,
      stocktakeId,
      async (state, { tx }) => {
        const events = decideStocktake(state, { kind: 'update', stocktakeId, name: r.name, note: r.note ?? null, readerIds: r.readerIds, userIds: r.userIds });
        await checkReferences(tx, r);
        return events;
      },
      { expectedVersion: r.version },
    );
  }
}

/** INVENTORIZING: its readers claimed (one another holder has: READER_BUSY), put into COUNTING mode and started; those that failed are answered. */
export class StartStocktake extends commandOf<{ stocktakeId: string }, ReaderFailure[]>() {}

@CommandHandler(StartStocktake)
export class StartStocktakeHandler implements ICommandHandler<StartStocktake> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly claims: ReaderClaims,
  ) {}

  async execute({ stocktakeId }: StartStocktake): Promise<ReaderFailure[]> {
    const { failed } = await this.claims.change(async (tx, claims) => {
      let readerIds: string[] = [];
      await this.platform.commands.execute(
        stocktakeModel,
        stocktakeId,
        (state) => {
          readerIds = state.readerIds;
          return decideStocktake(state, { kind: 'start', stocktakeId });
        },
        { tx },
      );
      await claims.take(stocktakeClaim(stocktakeId), readerIds);
    });
    return failed;
  }
}

/** Back to CREATE, every scan discarded; the readers stop. */
export class ResetStocktake extends commandOf<{ stocktakeId: string }>() {}

@CommandHandler(ResetStocktake)
export class ResetStocktakeHandler implements ICommandHandler<ResetStocktake> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly claims: ReaderClaims,
  ) {}

  async execute({ stocktakeId }: ResetStocktake): Promise<void> {
    await this.claims.change(async (tx, claims) => {
      await this.platform.commands.execute(stocktakeModel, stocktakeId, (state) => decideStocktake(state, { kind: 'reset', stocktakeId }), { tx });
      await claims.release(stocktakeClaim(stocktakeId));
    });
  }
}

/** CLOSED, with the corrections chosen; an abnormal result raises the STOCKTAKE_ABNORMAL alert in the same transaction. */
export class CloseStocktake extends commandOf<{ stocktakeId: string; request: CloseStocktakeRequest }>() {}

@CommandHandler(CloseStocktake)
export class CloseStocktakeHandler implements ICommandHandler<CloseStocktake> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly claims: ReaderClaims,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ stocktakeId, request: r }: CloseStocktake): Promise<void> {
    await this.claims.change(async (tx, claims) => {
      let closed: { code: string; abnormal: number } | undefined;
      await this.platform.commands.execute(
        stocktakeModel,
        stocktakeId,
        async (state, { tx }) => {
          // the stocktake's own refusals come before the lines are read
          decideStocktake(state, { kind: 'close', stocktakeId, corrections: { moved: [], missing: [], stock: [] }, abnormal: 0 });
          const { corrections, abnormal } = await correctionsOf(tx, stocktakeId, r);
          closed = { code: state.code, abnormal };
          return decideStocktake(state, { kind: 'close', stocktakeId, corrections, abnormal });
        },
        { tx },
      );
      if (closed && closed.abnormal > 0) {
        await this.commandBus.execute(
          new RaiseAlerts({ alerts: [{ type: 'StocktakeAbnormalAlertRaised', data: { alertId: timeOrderedUuid(), stocktakeId, stocktakeCode: closed.code, abnormal: closed.abnormal } }], tx }),
        );
      }
      await claims.release(stocktakeClaim(stocktakeId));
    });
  }
}

/** An ABNORMAL or MISSING line ignored, with a note. */
export class IgnoreStocktakeLine extends commandOf<{ stocktakeId: string; lineId: number; note: string }>() {}

@CommandHandler(IgnoreStocktakeLine)
export class IgnoreStocktakeLineHandler extends PlatformHandler implements ICommandHandler<IgnoreStocktakeLine> {
  async execute({ stocktakeId, lineId, note }: IgnoreStocktakeLine): Promise<void> {
    await this.platform.commands.execute(stocktakeModel, stocktakeId, async (state, { tx }) => {
      const line = await tx.selectFrom('stocktake_lines').select(['key', 'result', 'ignored']).where('stocktake_id', '=', stocktakeId).where('id', '=', lineId).executeTakeFirst();
      return decideStocktake(state, {
        kind: 'ignore',
        stocktakeId,
        lineKey: line?.key ?? String(lineId),
        note,
        line: line ? { result: line.result as 'FOUND' | 'MISSING' | 'ABNORMAL', ignored: line.ignored } : null,
      });
    });
  }
}

/** EPCs counted elsewhere (a handheld that syncs later): the same rules as a reader's; codes that are no tag code are listed, not counted. */
export class AddStocktakeScans extends commandOf<{ stocktakeId: string; request: StocktakeScansRequest }, StocktakeScansResponse>() {}

@CommandHandler(AddStocktakeScans)
export class AddStocktakeScansHandler implements ICommandHandler<AddStocktakeScans> {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ stocktakeId, request: r }: AddStocktakeScans): Promise<StocktakeScansResponse> {
    const row = await this.platform.db.selectFrom('stocktakes').select('zone_ids').where('id', '=', stocktakeId).executeTakeFirst();
    if (!row) throw new AppError('INVENTORY_NOT_FOUND', { stocktakeId });
    if (r.zoneId && !row.zone_ids.includes(r.zoneId)) throw new AppError('ZONE_MISMATCH', { zoneId: r.zoneId });
    const zoneId = StocktakeCounting.zoneOf(row.zone_ids, r.zoneId ?? null);
    const invalid: string[] = [];
    const reads = r.epcs.flatMap((given) => {
      const epc = normalizeTagCode(given);
      if (tagCodeProblem(epc) !== undefined) return (invalid.push(given), []);
      return [{ epc, zoneId, readerId: null }];
    });
    const { counted, repeated } = await this.commandBus.execute(new CountStocktakeTags({ stocktakeId, reads, strict: true }));
    return { counted, repeated, invalid };
  }
}

export const STOCKTAKE_COMMAND_HANDLERS = [CreateStocktakeHandler, UpdateStocktakeHandler, StartStocktakeHandler, ResetStocktakeHandler, CloseStocktakeHandler, IgnoreStocktakeLineHandler, AddStocktakeScansHandler];
