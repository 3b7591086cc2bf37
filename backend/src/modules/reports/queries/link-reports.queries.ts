import { Injectable } from '@nestjs/common';
import type { LinkReportEntry, LinkReportFilter, LinkReportQuery, LinkReportResponse, LinkReportUser } from '@rfid/contracts';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, likePattern } from '../../../platform/database/paging.js';
import { inVietnameseOrder, searchPattern } from '../../../platform/database/vietnamese-text.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { sampleAttributes, sampleSearchKeys } from '../../samples/samples.public.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../../platform/database/period.js';

export type LinkAction = 'LINK' | 'UNLINK';

/** The links (or unlinks) of a filter, with the sample they name (its attributes as they are now). */
function filtered(db: DbOrTx, action: LinkAction, f: LinkReportFilter) {
  let query = db
    .selectFrom('tag_link_history as h')
    .leftJoin(sampleAttributes(db).as('s'), 's.id', 'h.sample_id')
    .where('h.action', '=', action);
  query = withinPeriod(query, 'h.at', f);
  if (f.userId) query = query.where('h.user_id', '=', f.userId);
  if (f.q) {
    const q = f.q;
    query = query.leftJoin(sampleSearchKeys(db).as('k'), 'k.sample_id', 'h.sample_id').where((eb) =>
      eb.or([
        // codes are letters and digits: the tag's stored upper-case, the sample's as it was at the link
        eb('h.tag_code', 'like', likePattern(q.toUpperCase())),
        eb('h.sample_code', 'ilike', likePattern(q)),
        // the sample's texts now, as the sample list searches them (without accents and case)
        eb('k.search_key', 'like', searchPattern(q)),
      ]),
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

  /** The people who linked (or unlinked) anything, in Vietnamese order of their names: the choices of the user filter. */
  async users(action: LinkAction): Promise<LinkReportUser[]> {
    const rows = await this.platform.db
      .selectFrom('tag_link_history')
      .select(['user_id', 'username'])
      .where('action', '=', action)
      .where('user_id', 'is not', null)
      // grouped rather than distinct: DISTINCT cannot order by an expression (the collation) it does not select
      .groupBy(['user_id', 'username'])
      .orderBy(inVietnameseOrder('username'))
      .execute();
    return rows.map((r) => ({ id: r.user_id!, name: r.username }));
  }
}

/*
 * The linking and unlink reports' queries, each a message on the QueryBus and its handler reading the history above.
 */

/** A page of a report: the links or the unlinks of the filter, with their totals. */
export class ListLinkReport extends answeredBy(LinkReportQueries, (reports, action: LinkAction, query: LinkReportQuery) => reports.list(action, query)) {}

/** Every entry of a filter, read as it is written out (the Excel export). */
export class LinkReportOfFilter extends answeredBy(LinkReportQueries, (reports, action: LinkAction, filter: LinkReportFilter) => reports.all(action, filter)) {}

/** Who linked (or unlinked): the report's user filter. */
export class LinkReportUsers extends answeredBy(LinkReportQueries, (reports, action: LinkAction) => reports.users(action)) {}

export const LINK_REPORT_QUERY_HANDLERS = handlersOf(ListLinkReport, LinkReportOfFilter, LinkReportUsers);
