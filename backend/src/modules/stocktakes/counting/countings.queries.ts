import { Injectable } from '@nestjs/common';
import type { CountingDetail, CountingListQuery, CountingListResponse, CountingView } from '@rfid/contracts';
import { sql } from 'kysely';
import { AppError } from '../../../platform/errors/app-error.js';
import { pageOf } from '../../../platform/database/paging.js';
import { Platform } from '../../../platform/platform.js';
import { masterDataNames } from '../../master-data/master-data.public.js';
import { productsByIds } from '../../products/products.public.js';
import { readerSummaries } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { userSummaries } from '../../users/users.public.js';
import type { Selectable } from 'kysely';
import type { CountingsTable } from './countings.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../../platform/database/period.js';

/** The quick counts: the list, one count with its tags. */
@Injectable()
export class CountingQueries {
  constructor(private readonly platform: Platform) {}

  async list(q: CountingListQuery): Promise<CountingListResponse> {
    let query = this.platform.db.selectFrom('countings').selectAll();
    if (q.readerId) query = query.where('reader_id', '=', q.readerId);
    if (q.zoneId) query = query.where('zone_id', '=', q.zoneId);
    query = withinPeriod(query, 'started_at', q);
    if (q.open !== undefined) query = query.where('stopped_at', q.open ? 'is' : 'is not', null);
    const page = await pageOf(query.orderBy('started_at', q.sort.dir).orderBy('id', q.sort.dir), q);
    return { ...page, data: await this.views(page.data) };
  }

  async view(id: string): Promise<CountingView | undefined> {
    const row = await this.platform.db.selectFrom('countings').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.views([row]))[0] : undefined;
  }

  async detail(id: string): Promise<CountingDetail> {
    const view = await this.view(id);
    if (!view) throw new AppError('NOT_FOUND');
    const db = this.platform.db;
    const tags = await db.selectFrom('counting_tags').selectAll().where('counting_id', '=', id).orderBy('at').orderBy('epc').execute();
    const sampleIds = tags.filter((t) => t.kind === 'SAMPLE').map((t) => t.item_id!);
    const samples = new Map(
      sampleIds.length ? (await sampleAttributes(db).where('id', '=', sql<string>`any(${sampleIds}::uuid[])`).execute()).map((s) => [s.id, s]) : [],
    );
    const products = await productsByIds(db, tags.filter((t) => t.kind === 'PRODUCT').map((t) => t.item_id!));
    return {
      ...view,
      tags: tags.map((t) => {
        const item = t.kind === 'SAMPLE' ? samples.get(t.item_id!) : undefined;
        const product = t.kind === 'PRODUCT' ? products.get(t.item_id!) : undefined;
        return {
          epc: t.epc,
          kind: t.kind as 'SAMPLE' | 'PRODUCT' | 'UNKNOWN',
          itemId: t.item_id,
          code: item?.sample_code ?? product?.code ?? null,
          name: item?.name ?? product?.name ?? null,
          at: t.at.toISOString(),
        };
      }),
    };
  }

  /** Rows named: the reader, its user, the zone. */
  private async views(rows: Selectable<CountingsTable>[]): Promise<CountingView[]> {
    const db = this.platform.db;
    const [readers, users] = await Promise.all([readerSummaries(db, rows.map((r) => r.reader_id)), userSummaries(db, rows.flatMap((r) => (r.user_id ? [r.user_id] : [])))]);
    const zoneIds = [...new Set(rows.flatMap((r) => (r.zone_id ? [r.zone_id] : [])))];
    const zones = new Map(zoneIds.length ? (await db.selectFrom(masterDataNames(db).as('z')).select(['z.id', 'z.name']).where('z.id', 'in', zoneIds).execute()).map((z) => [z.id, z.name]) : []);
    return rows.map((r) => ({
      id: r.id,
      readerId: r.reader_id,
      readerCode: readers.get(r.reader_id)?.code ?? '',
      readerName: readers.get(r.reader_id)?.name ?? '',
      userName: r.user_id ? (users.get(r.user_id)?.username ?? null) : null,
      zoneId: r.zone_id,
      zoneName: r.zone_id ? (zones.get(r.zone_id) ?? null) : null,
      startedAt: r.started_at.toISOString(),
      stoppedAt: r.stopped_at?.toISOString() ?? null,
      tagCount: r.tag_count,
      samples: r.samples,
      products: r.products,
      unknown: r.unknown,
    }));
  }
}

/*
 * The quick counts' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the quick counts. */
export class ListCountings extends answeredBy(CountingQueries, (countings, query: CountingListQuery) => countings.list(query)) {}

/** One quick count with its tags. */
export class GetCounting extends answeredBy(CountingQueries, (countings, countingId: string) => countings.detail(countingId)) {}

export const COUNTING_QUERY_HANDLERS = handlersOf(ListCountings, GetCounting);
