import { Injectable } from '@nestjs/common';
import {
  fieldFilters,
  PRODUCT_FIELDS,
  type ListResponse,
  type ProductFieldValues,
  type ProductFilter,
  type ProductListQuery,
  type ProductSortField,
  type ProductStatus,
  type ProductView } from '@rfid/contracts';
import { sql, type Expression, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { columnOf, fieldSortOrders, valuesOf } from '../../../platform/entity-fields/entity-columns.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { activeNamesByCatalogue, masterDataNames } from '../../master-data/master-data.public.js';
import type { ProductFields } from '../products.events.js';
import type { ProductsTable } from '../products.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

type ProductColumn = `p.${keyof ProductsTable & string}`;
const column = (key: string) => `p.${columnOf(key)}` as ProductColumn;

/** The list's orders: the sortable fields (texts in Vietnamese order, as their indexes are made), then the dates. */
const SORT = {
  ...fieldSortOrders(PRODUCT_FIELDS, 'p'),
  createdAt: sql.ref('p.created_at'),
  updatedAt: sql.ref('p.updated_at'),
} satisfies Record<ProductSortField, Expression<unknown>>;

const FILTERS = fieldFilters(PRODUCT_FIELDS);

/** The products of a filter: text search on the search key, ignoring case and accents; the field filters. */
function filteredProducts(db: DbOrTx, f: Omit<ProductFilter, 'sort'>) {
  let query = db.selectFrom('products as p');
  if (f.q) query = query.where('p.search_key', 'like', searchPattern(f.q));
  for (const { param, key } of FILTERS) {
    const value = (f as Record<string, string | undefined>)[param];
    if (value !== undefined) query = query.where(sql.ref(column(key)), '=', value);
  }
  return query;
}

type ProductRow = Selectable<ProductsTable> & { supplier_name: string | null };

/** The filtered, sorted products with their supplier's name. */
function productsWithNames(db: DbOrTx, f: ProductFilter) {
  return filteredProducts(db, f)
    .leftJoin(masterDataNames(db).as('m'), 'm.id', 'p.supplier_id')
    .selectAll('p')
    .select('m.name as supplier_name')
    .orderBy(SORT[f.sort.field], f.sort.dir)
    .orderBy('p.id', f.sort.dir)
    .$castTo<ProductRow>();
}

function toProductView(r: ProductRow): ProductView {
  return {
    id: r.id,
    ...valuesOf(PRODUCT_FIELDS, r),
    supplierName: r.supplier_name,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A product as an export reads it: its fields (the supplier by id), its status and when it was updated. */
export interface ExportedProduct {
  fields: ProductFields;
  status: ProductStatus;
  /** In epoch milliseconds. */
  updatedMs: number;
}

/** Reads of the products read model. */
@Injectable()
export class ProductQueries {
  constructor(private readonly platform: Platform) {}

  list(q: ProductListQuery): Promise<ListResponse<ProductView>> {
    return pageOf(productsWithNames(this.platform.db, q), q, toProductView);
  }

  async get(id: string): Promise<ProductView> {
    const row = await productsWithNames(this.platform.db, { sort: { field: 'updatedAt', dir: 'desc' } })
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('PRODUCT_NOT_FOUND', { productId: id });
    return toProductView(row);
  }

  /** Every product of the filter, all pages, for an export; the suppliers' names from one read. */
  async all(f: ProductFilter): Promise<{ rows: AsyncGenerator<ExportedProduct>; nameOf: (id: string | null) => string | null }> {
    const items = await masterDataNames(this.platform.db).execute();
    const names = new Map(items.map((i) => [i.id, i.name]));
    const rows = allRowsOf(this.platform.db, (db) =>
      filteredProducts(db, f)
        .selectAll('p')
        .select(sql<number>`(extract(epoch from p.updated_at) * 1000)::float8`.as('updated_ms'))
        .orderBy(SORT[f.sort.field], f.sort.dir)
        .orderBy('p.id', f.sort.dir),
    );
    async function* exported(): AsyncGenerator<ExportedProduct> {
      for await (const r of rows) {
        const { status: _status, ...fields } = valuesOf(PRODUCT_FIELDS, r) as ProductFieldValues;
        yield { fields, status: r.status, updatedMs: r.updated_ms };
      }
    }
    return { rows: exported(), nameOf: (id) => (id === null ? null : (names.get(id) ?? null)) };
  }

  /** The drop-down lists of the import template: the active items' names of each catalogue. */
  templateLists() {
    return activeNamesByCatalogue(this.platform.db);
  }
}

/*
 * The products' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the products. */
export class ListProducts extends answeredBy(ProductQueries, (products, query: ProductListQuery) => products.list(query)) {}

/** One product. */
export class GetProduct extends answeredBy(ProductQueries, (products, productId: string) => products.get(productId)) {}

/** Every product of a filter with the names of what it references (the Excel export). */
export class ProductsOfFilter extends answeredBy(ProductQueries, (products, filter: ProductFilter) => products.all(filter)) {}

/** The drop-down lists of the import template. */
export class ProductTemplateLists extends answeredBy(ProductQueries, (products) => products.templateLists()) {}

export const PRODUCT_QUERY_HANDLERS = handlersOf(ListProducts, GetProduct, ProductsOfFilter, ProductTemplateLists);
