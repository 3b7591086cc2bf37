import { Inject, Injectable } from '@nestjs/common';
import {
  P,
  type AbnormalReason,
  type StocktakeDetail,
  type StocktakeLineFilter,
  type StocktakeLineKind,
  type StocktakeLineQuery,
  type StocktakeLineResponse,
  type StocktakeLineResult,
  type StocktakeLineView,
  type StocktakeListQuery,
  type StocktakeListResponse,
  type StocktakeProgressPush,
  type StocktakeStatus,
  type StocktakeTotals,
  type StocktakeView,
} from '@rfid/contracts';
import { sql, type Selectable } from 'kysely';
import type { Principal } from '../../../platform/auth/principal.js';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { inVietnameseOrder, searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { userSummaries } from '../../users/users.public.js';
import type { StocktakeCorrections } from '../domain/stocktake.js';
import type { StocktakesTable } from './stocktake-views.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../../platform/database/period.js';

type StocktakeRow = Selectable<StocktakesTable>;

const SORT = { code: sql`t.code`, name: inVietnameseOrder('t.name'), createdAt: sql`t.created_at`, updatedAt: sql`t.updated_at` } as const;

export const totalsOf = (r: StocktakeRow): StocktakeTotals => ({
  expected: r.expected_total,
  found: r.found_total,
  missing: r.missing_total,
  abnormal: r.abnormal_total,
  ignored: r.ignored_total,
  scanned: r.scanned_total,
});

/** A stocktake's lines of a filter, with the names of their zones. */
function lines(db: DbOrTx, stocktakeId: string, f: StocktakeLineFilter) {
  let q = db
    .selectFrom('stocktake_lines as l')
    .leftJoin(masterDataNames(db).as('z'), 'z.id', 'l.zone_id')
    .leftJoin(masterDataNames(db).as('o'), 'o.id', 'l.other_zone_id')
    .selectAll('l')
    .select(['z.name as zone_name', 'o.name as other_zone_name'])
    .where('l.stocktake_id', '=', stocktakeId);
  if (f.result === 'ABNORMAL') q = q.where('l.result', '=', 'ABNORMAL').where('l.ignored', '=', false);
  if (f.result === 'IGNORE') q = q.where('l.ignored', '=', true);
  if (f.found) q = q.where('l.result', '=', f.found);
  if (f.q) q = q.where('l.search_key', 'like', searchPattern(f.q));
  const byResult = f.sort.field === 'result';
  return q.orderBy(byResult ? 'l.result' : 'l.code', f.sort.dir).orderBy(byResult ? 'l.code' : 'l.id', f.sort.dir).orderBy('l.id', f.sort.dir);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lines>['execute']>>[number];

export function toLineView(r: LineRow): StocktakeLineView {
  return {
    id: Number(r.id),
    kind: r.kind as StocktakeLineKind,
    itemId: r.item_id,
    code: r.code,
    name: r.name,
    zoneId: r.zone_id,
    zoneName: r.zone_name ?? null,
    epc: r.epc,
    expected: r.expected,
    found: r.found,
    result: r.result as StocktakeLineResult,
    reason: r.reason as AbnormalReason | null,
    otherZoneId: r.other_zone_id,
    otherZoneName: r.other_zone_name ?? null,
    ignored: r.ignored,
    ignoreNote: r.ignore_note,
  };
}

/** Reads of stocktakes: the list, one stocktake with what the viewer may do, its result lines. */
@Injectable()
export class StocktakeQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** A stocktake's status and totals now, with the position they are as of. */
  async progress(stocktakeId: string): Promise<StocktakeProgressPush | undefined> {
    const r = await this.platform.db.selectFrom('stocktakes').selectAll().where('id', '=', stocktakeId).executeTakeFirst();
    return r && { stocktakeId, status: r.status as StocktakeStatus, totals: totalsOf(r), position: r.position };
  }

  async list(q: StocktakeListQuery): Promise<StocktakeListResponse> {
    let query = this.platform.db.selectFrom('stocktakes as t').selectAll('t');
    if (q.q) query = query.where('t.search_key', 'like', searchPattern(q.q));
    if (q.status) query = query.where('t.status', '=', q.status);
    if (q.zoneId) query = query.where(sql<boolean>`${q.zoneId}::uuid = any(t.zone_ids)`);
    query = withinPeriod(query, 't.created_at', q);
    const page = await pageOf(query.orderBy(SORT[q.sort.field], q.sort.dir).orderBy('t.id', q.sort.dir), q);
    return { ...page, data: await this.views(page.data) };
  }

  private async views(rows: StocktakeRow[]): Promise<StocktakeView[]> {
    if (!rows.length) return [];
    const db = this.platform.db;
    const zoneIds = [...new Set(rows.flatMap((r) => r.zone_ids))];
    const zones = new Map((await db.selectFrom(masterDataNames(db).as('z')).select(['z.id', 'z.code', 'z.name']).where('z.id', 'in', zoneIds).execute()).map((z) => [z.id, z]));
    const readers = await readerSummaries(db, rows.flatMap((r) => r.reader_ids));
    const users = await userSummaries(db, rows.flatMap((r) => r.user_ids));
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      note: r.note,
      status: r.status as StocktakeStatus,
      zones: r.zone_ids.map((id) => ({ id, code: zones.get(id)?.code ?? null, name: zones.get(id)?.name ?? '' })),
      readers: r.reader_ids.map((id) => ({ id, code: readers.get(id)?.code ?? null, name: readers.get(id)?.name ?? '' })),
      users: r.user_ids.map((id) => ({ id, code: users.get(id)?.username ?? null, name: users.get(id)?.fullName ?? '' })),
      totals: totalsOf(r),
      createdBy: { id: r.created_by_id, name: r.created_by_name },
      updatedBy: { id: r.updated_by_id, name: r.updated_by_name },
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      startedAt: r.started_at?.toISOString() ?? null,
      closedAt: r.closed_at?.toISOString() ?? null,
      version: r.version,
      position: r.position,
    }));
  }

  private async row(id: string): Promise<StocktakeRow> {
    const row = await this.platform.db.selectFrom('stocktakes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('INVENTORY_NOT_FOUND', { stocktakeId: id });
    return row;
  }

  async detail(id: string, viewer: Principal): Promise<StocktakeDetail> {
    const row = await this.row(id);
    const [view] = await this.views([row]);
    const c = row.corrections as StocktakeCorrections | null;
    return {
      ...view!,
      allowedActions: allowedActionsOf(view!.status, viewer),
      corrections: c && { moved: c.moved.length, markedMissing: c.missing.length, stockAdjusted: c.stock.length },
    };
  }

  async lines(id: string, q: StocktakeLineQuery): Promise<StocktakeLineResponse> {
    const row = await this.row(id);
    const page = await pageOf(lines(this.platform.db, id, q), q, toLineView);
    return { ...page, totals: totalsOf(row) };
  }

  /** Every line of the filter, for the export. */
  async allLines(id: string, f: StocktakeLineFilter): Promise<AsyncGenerator<LineRow>> {
    await this.row(id);
    return allRowsOf(this.platform.db, (db) => lines(db, id, f));
  }
}

/** What the viewer may do now: with UPDATE, change a new one, start it, reset or close one counting, upload scans to it, ignore a line until it is closed. */
function allowedActionsOf(status: StocktakeStatus, viewer: Principal): StocktakeDetail['allowedActions'] {
  if (!viewer.permissions.has(P.STOCKTAKE_STOCKTAKING_UPDATE)) return [];
  if (status === 'CREATE') return ['UPDATE', 'START', 'IGNORE'];
  if (status === 'INVENTORIZING') return ['RESET', 'CLOSE', 'SCAN', 'IGNORE'];
  return [];
}

/*
 * The stocktakes' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the stocktakes. */
export class ListStocktakes extends answeredBy(StocktakeQueries, (stocktakes, query: StocktakeListQuery) => stocktakes.list(query)) {}

/** One stocktake as its viewer sees it, with the actions open to them. */
export class GetStocktake extends answeredBy(StocktakeQueries, (stocktakes, stocktakeId: string, viewer: Principal) => stocktakes.detail(stocktakeId, viewer)) {}

/** A page of a stocktake's result lines. */
export class ListStocktakeLines extends answeredBy(StocktakeQueries, (stocktakes, stocktakeId: string, query: StocktakeLineQuery) => stocktakes.lines(stocktakeId, query)) {}

/** Every result line of a filter, read as it is written out (the Excel export). */
export class StocktakeLinesOfFilter extends answeredBy(StocktakeQueries, (stocktakes, stocktakeId: string, filter: StocktakeLineFilter) => stocktakes.allLines(stocktakeId, filter)) {}

export const STOCKTAKE_QUERY_HANDLERS = handlersOf(ListStocktakes, GetStocktake, ListStocktakeLines, StocktakeLinesOfFilter);
