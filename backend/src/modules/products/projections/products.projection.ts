import { PRODUCT_FIELDS, type ProductStatus } from '@rfid/contracts';
import type { Insertable } from 'kysely';
import { rowOf, searchKeyOf } from '../../../platform/entity-fields/entity-columns.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { TagEvent } from '../../rfid/rfid.events.js';
import type { ProductEvent, ProductFields } from '../products.events.js';
import type { ProductsTable } from '../products.tables.js';
import { versionStamp } from '../../../platform/projections/projection-rows.js';

// The unique indexes of migration 0030: a code or a GTIN in use is refused in the append's transaction.
registerConstraintErrors({ products_code_key: 'PRODUCT_EXISTS', products_gtin_key: 'GTIN_EXISTS' });

type Of<T extends ProductEvent['type']> = StoredEvent<Extract<ProductEvent, { type: T }>['data']>;
type OfTag<T extends TagEvent['type']> = StoredEvent<Extract<TagEvent, { type: T }>['data']>;

/** Rows per insert statement of a batch (12 parameters a row). */
const ROWS_PER_INSERT = 2000;

/** The columns of a product's fields and its search key (code, name, GTIN). */
function columnsOf(f: ProductFields, status: ProductStatus) {
  const values = { ...f, status };
  return { ...rowOf(PRODUCT_FIELDS, values), search_key: searchKeyOf(PRODUCT_FIELDS, values) };
}

function createdRow(e: Of<'ProductCreated'>): Insertable<ProductsTable> {
  const { productId, ...fields } = e.data;
  return { id: productId, ...columnsOf(fields, 'ACTIVE'), version: e.streamVersion, created_at: e.recordedAt, updated_at: e.recordedAt };
}


/**
 * `products`, which the product list, detail and export read, and `product_tags`, the tags linked to
 * products now: this projection follows the rfid module's published TagLinkedToProduct /
 * TagUnlinkedFromProduct for them.
 */
export const productsProjection: InlineProjection = {
  name: 'products',
  tables: ['products', 'product_tags'],
  handlers: {
    ProductCreated: async (tx, e: Of<'ProductCreated'>) => {
      await tx.insertInto('products').values(createdRow(e)).execute();
    },
    ProductUpdated: async (tx, e: Of<'ProductUpdated'>) => {
      const { productId, ...fields } = e.data;
      const { status } = await tx.selectFrom('products').select('status').where('id', '=', productId).executeTakeFirstOrThrow();
      await tx
        .updateTable('products')
        .set({ ...columnsOf(fields, status), ...versionStamp(e) })
        .where('id', '=', productId)
        .execute();
    },
    ProductDeactivated: async (tx, e: Of<'ProductDeactivated'>) => {
      await tx.updateTable('products').set({ status: 'INACTIVE', ...versionStamp(e) }).where('id', '=', e.data.productId).execute();
    },
    ProductActivated: async (tx, e: Of<'ProductActivated'>) => {
      await tx.updateTable('products').set({ status: 'ACTIVE', ...versionStamp(e) }).where('id', '=', e.data.productId).execute();
    },
    TagLinkedToProduct: async (tx, e: OfTag<'TagLinkedToProduct'>) => {
      await tx.insertInto('product_tags').values({ tag_code: e.data.tagCode, product_id: e.data.productId, box: e.data.box, linked_at: e.recordedAt }).execute();
    },
    TagUnlinkedFromProduct: async (tx, e: OfTag<'TagUnlinkedFromProduct'>) => {
      await tx.deleteFrom('product_tags').where('tag_code', '=', e.data.tagCode).execute();
    },
  },
  batchHandlers: {
    // an import, a rebuild
    ProductCreated: async (tx, events: Of<'ProductCreated'>[]) => {
      for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
        await tx.insertInto('products').values(events.slice(i, i + ROWS_PER_INSERT).map(createdRow)).execute();
      }
    },
  },
};
