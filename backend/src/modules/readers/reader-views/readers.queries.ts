import { Inject, Injectable } from '@nestjs/common';
import type { ListResponse, LookupItem, ReaderLookupQuery, ReaderListQuery, ReaderView } from '@rfid/contracts';
import type { DbOrTx } from '../../../platform/database/database.js';
import { pageOf } from '../../../platform/database/paging.js';
import { inVietnameseOrder, searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { userSummaries } from '../../users/users.public.js';
import { ReaderLiveState } from '../ingest/live-state.js';
import { KNOWN_READER_COLUMNS, toKnownReader } from './reader-view.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

const READER_SORT = { code: 'r.code', name: inVietnameseOrder('r.name'), kind: 'r.kind', updatedAt: 'r.updated_at' } as const;

/** Readers by id (those that exist): what another module shows and checks of them. */
export async function readerSummaries(db: DbOrTx, ids: readonly string[]): Promise<Map<string, { id: string; code: string; name: string; kind: string; operatingMode: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('readers').select(['id', 'code', 'name', 'kind', 'operating_mode']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, code: r.code, name: r.name, kind: r.kind, operatingMode: r.operating_mode }]));
}

/** The first user assigned to each of these readers (who carries a handheld), by reader id. */
export async function firstReaderUsers(db: DbOrTx, readerIds: readonly string[]): Promise<Map<string, string>> {
  if (!readerIds.length) return new Map();
  const rows = await db
    .selectFrom('reader_users')
    .select(['reader_id', 'user_id'])
    .distinctOn('reader_id')
    .where('reader_id', 'in', [...new Set(readerIds)])
    .orderBy('reader_id')
    .orderBy('assigned_at')
    .execute();
  return new Map(rows.map((r) => [r.reader_id, r.user_id]));
}

/** The registry's readers with their zone's name. */
function readerRows(db: DbOrTx) {
  return db
    .selectFrom('readers as r')
    .leftJoin(masterDataNames(db).as('z'), 'z.id', 'r.zone_id')
    .select([...KNOWN_READER_COLUMNS.map((c) => `r.${c}` as const), 'z.name as zone_name', 'r.version', 'r.created_at', 'r.updated_at']);
}

/** A reader as the screens read it: what the message path knows of it, its zone's name, its version and times. */
type ReaderRow = Awaited<ReturnType<ReturnType<typeof readerRows>['executeTakeFirstOrThrow']>>;

/** Reads of the registry, with each reader's live state and users. */
@Injectable()
export class ReaderQueries {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly live: ReaderLiveState,
  ) {}

  async list(q: ReaderListQuery): Promise<ListResponse<ReaderView>> {
    let query = readerRows(this.platform.db);
    if (q.q) query = query.where('r.search_key', 'like', searchPattern(q.q));
    if (q.kind) query = query.where('r.kind', '=', q.kind);
    if (q.zoneId) query = query.where('r.zone_id', '=', q.zoneId);
    if (q.connection) {
      const connected = this.platform.db.selectFrom('reader_live').select('reader_id').where('connection', '=', 'CONNECTED');
      query = q.connection === 'CONNECTED' ? query.where('r.id', 'in', connected) : query.where('r.id', 'not in', connected);
    }
    query = query.orderBy(READER_SORT[q.sort.field], q.sort.dir).orderBy('r.id');
    const page = await pageOf(query, q);
    return { ...page, data: await this.views(page.data) };
  }

  async get(id: string): Promise<ReaderView> {
    const row = await readerRows(this.platform.db).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('READER_NOT_FOUND');
    return (await this.views([row]))[0]!;
  }

  /** A page of the readers to choose from, by code: those the search finds (as the list searches), or those the ids name; `active`: only those switched on. */
  lookup(q: ReaderLookupQuery): Promise<ListResponse<LookupItem>> {
    let query = this.platform.db.selectFrom('readers').select(['id', 'code', 'name', 'switch_state']);
    if (q.kind) query = query.where('kind', '=', q.kind);
    if (q.q) query = query.where('search_key', 'like', searchPattern(q.q));
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [null as never]);
    if (q.active) query = query.where('switch_state', '=', 'ON');
    return pageOf(query.orderBy('code').orderBy('id'), q, (r) => ({ id: r.id, code: r.code, name: r.name, active: r.switch_state === 'ON' }));
  }

  private async views(rows: ReaderRow[]): Promise<ReaderView[]> {
    const links = rows.length
      ? await this.platform.db.selectFrom('reader_users').select(['reader_id', 'user_id']).where('reader_id', 'in', rows.map((r) => r.id)).orderBy('assigned_at').execute()
      : [];
    const users = await userSummaries(this.platform.db, links.map((l) => l.user_id));
    return rows.map((r) => ({
      ...toKnownReader(r),
      zoneName: r.zone_name,
      live: this.live.view(r.id),
      users: links.filter((l) => l.reader_id === r.id).flatMap((l) => users.get(l.user_id) ?? []),
      version: r.version,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  }
}

/*
 * The registry's queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the readers, each with its live state and users. */
export class ListReaders extends answeredBy(ReaderQueries, (readers, query: ReaderListQuery) => readers.list(query)) {}

/** One reader. */
export class GetReader extends answeredBy(ReaderQueries, (readers, readerId: string) => readers.get(readerId)) {}

/** Readers to choose from, by code. */
export class LookUpReaders extends answeredBy(ReaderQueries, (readers, query: ReaderLookupQuery) => readers.lookup(query)) {}

/** The broker's addresses as a reader reaches them, through the HTTP port the asker used. */
export class GetBrokerInfo extends answeredBy(Platform, (platform, httpPort: number | undefined) => platform.mqtt.info(httpPort)) {}

export const READER_QUERY_HANDLERS = handlersOf(ListReaders, GetReader, LookUpReaders, GetBrokerInfo);
