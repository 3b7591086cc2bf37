import { Injectable } from '@nestjs/common';
import type { ListResponse, LookupItem, LookupQuery, MasterDataFilter, MasterDataItem, MasterDataKey, MasterDataListQuery } from '@rfid/contracts';
import { sql, type Expression } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { inVietnameseOrder, searchPattern } from '../../../platform/database/vietnamese-text.js';
import type { MasterDataItemsTable } from '../master-data.tables.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { sameTextKey } from '../domain/master-data-item.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

/** The list's orders: code and name in Vietnamese order (as the indexes of migration 0014). */
const SORT = {
  code: inVietnameseOrder('code'),
  name: inVietnameseOrder('name'),
  status: sql.ref('status'),
  createdAt: sql.ref('created_at'),
  updatedAt: sql.ref('updated_at'),
} satisfies Record<MasterDataFilter['sort']['field'], Expression<unknown>>;

/** The filtered, sorted items of one catalogue: what a list page and an export show. */
function filtered(db: DbOrTx, catalogue: MasterDataKey, f: MasterDataFilter) {
  let query = db.selectFrom('master_data_items').selectAll().where('catalogue', '=', catalogue);
  // code, name and description, without accents and case
  if (f.q) query = query.where('search_key', 'like', searchPattern(f.q));
  if (f.status) query = query.where('status', '=', f.status);
  return query.orderBy(SORT[f.sort.field], f.sort.dir).orderBy('id');
}

export function toMasterDataItem(r: MasterDataItemsTable): MasterDataItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    status: r.status,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Reads of the master_data_items read model. */
@Injectable()
export class MasterDataQueries {
  constructor(private readonly platform: Platform) {}

  list(catalogue: MasterDataKey, q: MasterDataListQuery): Promise<ListResponse<MasterDataItem>> {
    return pageOf(filtered(this.platform.db, catalogue, q), q, toMasterDataItem);
  }

  /** A page of the catalogue's choices, by name: the items the search finds (as the list's search does) or the ids name. */
  lookup(catalogue: MasterDataKey, q: LookupQuery): Promise<ListResponse<LookupItem>> {
    let query = filtered(this.platform.db, catalogue, { q: q.q, status: q.active ? 'ACTIVE' : undefined, sort: { field: 'name', dir: 'asc' } });
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [null as never]);
    return pageOf(query, q, (r) => ({ id: r.id, code: r.code, name: r.name, active: r.status === 'ACTIVE' }));
  }

  /** Every item of the filter, all pages, for an export. */
  all(catalogue: MasterDataKey, f: MasterDataFilter): AsyncGenerator<MasterDataItemsTable> {
    return allRowsOf(this.platform.db, (db) => filtered(db, catalogue, f));
  }

  /** An item of this catalogue; an id of another catalogue is as unknown as any other. */
  async get(catalogue: MasterDataKey, id: string): Promise<MasterDataItem> {
    const row = await this.platform.db.selectFrom('master_data_items').selectAll().where('id', '=', id).where('catalogue', '=', catalogue).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return toMasterDataItem(row);
  }
}

/** The items of the catalogue whose code or name is one of these (as sameTextKey compares them): what an import would collide with. */
export async function existingCodesAndNames(db: DbOrTx, catalogue: MasterDataKey, codes: string[], names: string[]): Promise<{ code: string; name: string }[]> {
  if (codes.length === 0 && names.length === 0) return [];
  return db
    .selectFrom('master_data_items')
    .select(['code', 'name'])
    .where('catalogue', '=', catalogue)
    .where((eb) =>
      eb.or([
        eb('code_key', '=', sql<string>`any(${codes.map(sameTextKey)}::text[])`),
        eb('name_key', '=', sql<string>`any(${names.map(sameTextKey)}::text[])`),
      ]),
    )
    .execute();
}

/** The names of the active items of each catalogue, in Vietnamese order: the drop-down lists of a template that references master data. */
export async function activeNamesByCatalogue(db: DbOrTx): Promise<Partial<Record<MasterDataKey, string[]>>> {
  const rows = await db
    .selectFrom('master_data_items')
    .select(['catalogue', 'name'])
    .where('status', '=', 'ACTIVE')
    .orderBy('catalogue')
    .orderBy(inVietnameseOrder('name'))
    .execute();
  const lists: Partial<Record<MasterDataKey, string[]>> = {};
  for (const r of rows) (lists[r.catalogue as MasterDataKey] ??= []).push(r.name);
  return lists;
}

/*
 * The catalogues' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the items of a catalogue. */
export class ListMasterDataItems extends answeredBy(MasterDataQueries, (items, catalogue: MasterDataKey, query: MasterDataListQuery) => items.list(catalogue, query)) {}

/** Items of a catalogue to choose from. */
export class LookUpMasterDataItems extends answeredBy(MasterDataQueries, (items, catalogue: MasterDataKey, query: LookupQuery) => items.lookup(catalogue, query)) {}

/** Every item of a filter, read as it is written out (the Excel export). */
export class MasterDataItemsOfFilter extends answeredBy(MasterDataQueries, (items, catalogue: MasterDataKey, filter: MasterDataFilter) => items.all(catalogue, filter)) {}

/** One item of a catalogue. */
export class GetMasterDataItem extends answeredBy(MasterDataQueries, (items, catalogue: MasterDataKey, itemId: string) => items.get(catalogue, itemId)) {}

export const MASTER_DATA_QUERY_HANDLERS = handlersOf(ListMasterDataItems, LookUpMasterDataItems, MasterDataItemsOfFilter, GetMasterDataItem);
