import { Injectable } from '@nestjs/common';
import { decodeSgtin96, TAG_USAGES, type ListResponse, type TagDetail, type TagFilter, type TagListQuery, type TagLookup, type TagView } from '@rfid/contracts';
import { productLinksOfTags } from '../../products/products.public.js';
import { lastSeenOf } from '../../readers/readers.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import type { RfidTagsTable } from '../rfid.tables.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

// Tag codes are hexadecimal digits, in the same order bytewise as in Vietnamese: the primary key serves it.
const SORT = { code: 'code', state: 'state', updatedAt: 'updated_at' } as const;

/** The filtered, sorted tags: what the list page and an export show. */
function filtered(db: DbOrTx, f: TagFilter) {
  let query = db.selectFrom('rfid_tags').selectAll();
  // code, sample code and container, without accents and case
  if (f.q) query = query.where('search_key', 'like', searchPattern(f.q));
  if (f.state) query = query.where('state', '=', f.state);
  if (f.usage) query = query.where('state', '=', TAG_USAGES[f.usage]);
  if (f.locked !== undefined) query = query.where('locked', '=', f.locked);
  query = query.orderBy(SORT[f.sort.field], f.sort.dir);
  return f.sort.field === 'code' ? query : query.orderBy('code', f.sort.dir);
}

export function toTagView(r: RfidTagsTable): TagView {
  const container = r.container_name === null && r.container_box === null && r.container_cart === null ? null : { name: r.container_name, box: r.container_box, cart: r.container_cart };
  return {
    code: r.code,
    state: r.state,
    locked: r.locked,
    sampleId: r.sample_id,
    sampleCode: r.sample_code,
    container,
    sgtin: decodeSgtin96(r.code) ?? null,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The views with the product each tag linked to a product is linked to (the products module keeps those links). */
async function withProducts<V extends { code: string; state: string; sampleId: string | null }>(db: DbOrTx, views: V[]): Promise<V[]> {
  const linked = views.filter((v) => v.state === 'LINKED' && v.sampleId === null).map((v) => v.code);
  if (linked.length === 0) return views;
  const products = await productLinksOfTags(db, linked);
  return views.map((v) => (products.has(v.code) ? { ...v, product: products.get(v.code) } : v));
}

/** Reads of the rfid_tags read model. */
@Injectable()
export class RfidTagQueries {
  constructor(private readonly platform: Platform) {}

  async list(q: TagListQuery): Promise<ListResponse<TagView>> {
    const page = await pageOf(filtered(this.platform.db, q), q, toTagView);
    return { ...page, data: await withProducts(this.platform.db, page.data) };
  }

  /** Every tag of the filter, all pages, for an export. */
  all(f: TagFilter): AsyncGenerator<RfidTagsTable> {
    return allRowsOf(this.platform.db, (db) => filtered(db, f));
  }

  /** A scanned tag as the link and unlink screens check it: its state and its sample (code and name); an unknown code is NOT_FOUND naming it. */
  async lookup(code: string): Promise<TagLookup> {
    const db = this.platform.db;
    const row = await db
      .selectFrom('rfid_tags as t')
      .leftJoin(sampleAttributes(db).as('s'), 's.id', 't.sample_id')
      .select(['t.code', 't.state', 't.locked', 't.sample_id', 't.sample_code', 's.name as sample_name'])
      .where('t.code', '=', code)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { tagCode: code });
    const [tag] = await withProducts(db, [{ code: row.code, state: row.state, locked: row.locked, sampleId: row.sample_id, sampleCode: row.sample_code, sampleName: row.sample_name }]);
    return tag!;
  }

  /** One tag, with where a reader last saw it. */
  async get(code: string): Promise<TagDetail> {
    const db = this.platform.db;
    const row = await db.selectFrom('rfid_tags').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { tagCode: code });
    const [seen, [view]] = await Promise.all([lastSeenOf(db, [code]), withProducts(db, [toTagView(row)])]);
    return { ...view!, lastSeen: seen.get(code) ?? null };
  }
}

/*
 * The tags' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the tags. */
export class ListTags extends answeredBy(RfidTagQueries, (tags, query: TagListQuery) => tags.list(query)) {}

/** Every tag of a filter, read as it is written out (the Excel export). */
export class TagsOfFilter extends answeredBy(RfidTagQueries, (tags, filter: TagFilter) => tags.all(filter)) {}

/** What a scanned code is: a tag, and what it is linked to. */
export class LookUpTag extends answeredBy(RfidTagQueries, (tags, code: string) => tags.lookup(code)) {}

/** One tag with its history. */
export class GetTag extends answeredBy(RfidTagQueries, (tags, code: string) => tags.get(code)) {}

export const RFID_TAG_QUERY_HANDLERS = handlersOf(ListTags, TagsOfFilter, LookUpTag, GetTag);
