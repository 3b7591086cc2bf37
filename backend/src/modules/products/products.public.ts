/*
 * What other modules may use of products: the products by id (a ticket's lines), what product unit
 * an EPC is (ticket scanning), the product a tag link names, and the products' names for the system
 * log. No other module names the products tables; the products projection follows the rfid module's
 * TagLinkedToProduct / TagUnlinkedFromProduct for the tags linked to products.
 */
import { normalizeTagCode, sgtin96Gtin } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/database/database.js';
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { productModel } from './domain/product.js';


export interface ProductSummary {
  id: string;
  code: string;
  name: string;
  unit: string | null;
  quantityPerBox: number;
  gtin: string | null;
  status: 'ACTIVE' | 'INACTIVE';
}

/** The products these ids name (inactive ones too); an id that names none is absent. */
export async function productsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ProductSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'code', 'name', 'unit', 'quantity_per_box', 'gtin', 'status'])
    .where('id', '=', sql<string>`any(${[...new Set(ids)]}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, code: r.code, name: r.name, unit: r.unit, quantityPerBox: r.quantity_per_box, gtin: r.gtin, status: r.status }]));
}

/** What product unit each EPC is: a tag linked to a product (units 1, or quantityPerBox for a BOX tag), else an SGTIN-96 EPC whose GTIN is an ACTIVE product's GTIN (units 1). Absent: none. Two queries at most for the whole batch. */
export async function productUnitsOfEpcs(
  db: DbOrTx,
  epcs: readonly string[],
): Promise<Map<string, { productId: string; productCode: string; units: number; via: 'link' | 'gtin' }>> {
  const answer = new Map<string, { productId: string; productCode: string; units: number; via: 'link' | 'gtin' }>();
  if (epcs.length === 0) return answer;
  // tags are stored upper-case; the answer is keyed by the EPC as given
  const byCode = new Map<string, string[]>();
  for (const epc of new Set(epcs)) {
    const code = normalizeTagCode(epc);
    byCode.set(code, [...(byCode.get(code) ?? []), epc]);
  }
  const linked = await db
    .selectFrom('product_tags as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['t.tag_code', 't.box', 'p.id', 'p.code', 'p.quantity_per_box'])
    .where('t.tag_code', '=', sql<string>`any(${[...byCode.keys()]}::text[])`)
    .execute();
  for (const r of linked) {
    for (const epc of byCode.get(r.tag_code) ?? []) answer.set(epc, { productId: r.id, productCode: r.code, units: r.box ? r.quantity_per_box : 1, via: 'link' });
  }
  const gtinOf = new Map<string, string>();
  for (const [code, given] of byCode) {
    const gtin = given.some((epc) => !answer.has(epc)) ? sgtin96Gtin(code) : undefined;
    if (gtin) gtinOf.set(code, gtin);
  }
  if (gtinOf.size === 0) return answer;
  const byGtin = await db
    .selectFrom('products')
    .select(['id', 'code', 'gtin'])
    .where('status', '=', 'ACTIVE')
    .where('gtin', '=', sql<string>`any(${[...new Set(gtinOf.values())]}::text[])`)
    .execute();
  const productOf = new Map(byGtin.map((p) => [p.gtin!, p]));
  for (const [code, gtin] of gtinOf) {
    const p = productOf.get(gtin);
    if (p) for (const epc of byCode.get(code)!) answer.set(epc, { productId: p.id, productCode: p.code, units: 1, via: 'gtin' });
  }
  return answer;
}

/** The products' codes, names and search keys (code and name without accents), as a subquery another module joins to sort or search by them (the inventory). */
export function productNames(db: DbOrTx) {
  return db.selectFrom('products').select(['id', 'code', 'name', 'search_key']);
}

/** The products these tags are linked to now, by tag code (a tag linked to none is absent). */
export async function productLinksOfTags(db: DbOrTx, tagCodes: readonly string[]): Promise<Map<string, { id: string; code: string; box: boolean }>> {
  if (tagCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_tags as t')
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['t.tag_code', 't.box', 'p.id', 'p.code'])
    .where('t.tag_code', '=', sql<string>`any(${[...new Set(tagCodes)]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.tag_code, { id: r.id, code: r.code, box: r.box }]));
}

/** The product a tag may be linked to: an ACTIVE one, by its code. */
export async function productToLink(db: DbOrTx, productId: string): Promise<{ code: string } | undefined> {
  return db.selectFrom('products').select('code').where('id', '=', productId).where('status', '=', 'ACTIVE').executeTakeFirst();
}

/** A product is named by its code. */
export const PRODUCTS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: productModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('products').select(['id', 'code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.code])),
  },
];
