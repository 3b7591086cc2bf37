import { Injectable } from '@nestjs/common';
import type { LinkReportEntry, LinkReportFilter, LinkReportQuery, LinkReportResponse, LinkReportUser } from '@rfid/contracts';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, likePattern } from '../../../platform/database/paging.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';

export type LinkAction = 'LINK' | 'UNLINK';

/** The links (or unlinks) of a filter, with the sample they name (its attributes as they are now). */
function filtered(db: DbOrTx, action: LinkAction, f: LinkReportFilter) {
  let query = db
    .selectFrom('tag_link_history as h')
    .leftJoin(sampleAttributes(db).as('s'), 's.id', 'h.sample_id')
    .where('h.action', '=', action);
  if (f.from) query = query.where('h.at', '>=', f.from);
  if (f.to) query = query.where('h.at', '<=', f.to);
  if (f.userId) query = query.where('h.user_id', '=', f.userId);
  if (f.q) {
    const p = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([eb('h.tag_code', 'like', likePattern(f.q!.toUpperCase())), eb('h.sample_code', 'ilike', p), eb('s.model_name', 'ilike', p), eb('s.art_number', 'ilike', p)]),
    );
  }
  if (f.seasonId) query = query.where('s.season_id', '=', f.seasonId);
  if (f.categoryId) query = query.where('s.category_id', '=', f.categoryId);
  if (f.customerId) query = query.where('s.customer_id', '=', f.customerId);
  if (f.sizeId) query = query.where('s.size_id', '=', f.sizeId);
  return query;
}

/** The entries of a filter, newest first unless `dir` says otherwise, with the names of the sample's master data. */
function entries(db: DbOrTx, action: LinkAction, f: LinkReportFilter, dir: 'asc' | 'desc' = 'desc') {
  return filtered(db, action, f)
    .leftJoin(masterDataNames(db).as('season_item'), 'season_item.id', 's.season_id')
    .leftJoin(masterDataNames(db).as('size_item'), 'size_item.id', 's.size_id')
    .leftJoin(masterDataNames(db).as('customer_item'), 'customer_item.id', 's.customer_id')
    .select([
      'h.id',
      'h.at',
      'h.tag_code',
      'h.sample_id',
      'h.sample_code',
      'h.user_id',
      'h.username',
      'h.reason',
      's.name as sample_name',
      's.model_name',
      's.art_number',
      'season_item.name as season_name',
      'size_item.name as size_name',
      'customer_item.name as customer_name',
    ])
    .orderBy('h.at', dir)
    .orderBy('h.id', dir);
}

export type LinkReportRow = Awaited<ReturnType<ReturnType<typeof entries>['executeTakeFirstOrThrow']>>;

export function toEntry(r: LinkReportRow): LinkReportEntry {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    tagCode: r.tag_code,
    sampleId: r.sample_id,
    sampleCode: r.sample_code,
    sampleName: r.sample_name,
    modelName: r.model_name,
    artNumber: r.art_number,
    seasonName: r.season_name,
    sizeName: r.size_name,
    customerName: r.customer_name,
    userId: r.user_id,
    username: r.username,
    reason: r.reason,
  };
}

/** Reads of tag_link_history: the linking report (action LINK) and the unlink report (UNLINK). */
@Injectable()
export class LinkReportQueries {
  constructor(private readonly platform: Platform) {}

  async list(action: LinkAction, q: LinkReportQuery): Promise<LinkReportResponse> {
    const db = this.platform.db;
    const [rows, totals] = await Promise.all([
      entries(db, action, q, q.sort.dir)
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      filtered(db, action, q)
        .select((eb) => [
          eb.fn.countAll<number>().as('events'),
          eb.fn.count<number>('h.tag_code').distinct().as('tags'),
          eb.fn.count<number>('h.sample_id').distinct().as('samples'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map(toEntry),
      total: Number(totals.events),
      page: q.page,
      size: q.size,
      totals: { events: Number(totals.events), tags: Number(totals.tags), samples: Number(totals.samples) },
    };
  }

  /** Every entry of the filter, for an export. */
  all(action: LinkAction, f: LinkReportFilter): AsyncGenerator<LinkReportRow> {
    return allRowsOf(this.platform.db, (db) => entries(db, action, f));
  }

  /** The people who linked (or unlinked) anything: the choices of the user filter. */
  async users(action: LinkAction): Promise<LinkReportUser[]> {
    const rows = await this.platform.db
      .selectFrom('tag_link_history')
      .select(['user_id', 'username'])
      .distinct()
      .where('action', '=', action)
      .where('user_id', 'is not', null)
      .orderBy('username')
      .execute();
    return rows.map((r) => ({ id: r.user_id!, name: r.username }));
  }
}
