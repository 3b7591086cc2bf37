/* What other modules may use of the rfid module: its published events, which projections elsewhere follow, the names of its tags for a log, and the samples tags are linked to. */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import type { DbOrTx } from '../../platform/database/database.js';
import { productUnitsOfEpcs } from '../products/products.public.js';
import { tagModel } from './domain/rfid-tag.js';


/** A tag is named by its code, which is also its record id. */
export const RFID_RECORD_NAMES: readonly RecordNames[] = [{ streamType: tagModel.streamType, lookUp: async (_db, ids) => new Map(ids.map((code) => [code, code])) }];

/** The samples these tags are linked to now, by tag code (a tag linked to none is absent). */
export async function linkedSamplesOfTags(db: DbOrTx, tagCodes: readonly string[]): Promise<Map<string, string>> {
  if (!tagCodes.length) return new Map();
  const rows = await db.selectFrom('tag_links').select(['tag_code', 'sample_id']).where('tag_code', 'in', [...new Set(tagCodes)]).execute();
  return new Map(rows.map((r) => [r.tag_code, r.sample_id]));
}

/** Which of these tag codes are registered (whatever their state). */
export async function registeredTags(db: DbOrTx, tagCodes: readonly string[]): Promise<Set<string>> {
  if (!tagCodes.length) return new Set();
  const rows = await db.selectFrom('rfid_tags').select('code').where('code', 'in', [...new Set(tagCodes)]).execute();
  return new Set(rows.map((r) => r.code));
}

/** The tags' figures of the dashboard. */
export { tagFigures } from './queries/tag-figures.js';

/** What a read EPC is: the sample its tag is linked to, or a unit of a product (`units` of them for a box tag). */
export type EpcIdentity = { kind: 'SAMPLE'; sampleId: string } | { kind: 'PRODUCT'; productId: string; productCode: string; units: number };

/**
 * What each EPC a reader saw is, the one rule every reading module follows (tickets, gates, counts,
 * stocktakes): a tag linked to a sample is that sample, even when its code is also a product's SGTIN;
 * otherwise a tag linked to a product (a box tag counts the product's quantity per box), or an SGTIN-96
 * of an active product's GTIN, is a unit of that product; anything else is absent. Two queries for the
 * whole batch, run side by side.
 */
export async function identifyEpcs(db: DbOrTx, epcs: readonly string[]): Promise<Map<string, EpcIdentity>> {
  const [samples, units] = await Promise.all([linkedSamplesOfTags(db, epcs), productUnitsOfEpcs(db, epcs)]);
  const identities = new Map<string, EpcIdentity>();
  for (const epc of epcs) {
    const sampleId = samples.get(epc);
    const unit = units.get(epc);
    if (sampleId) identities.set(epc, { kind: 'SAMPLE', sampleId });
    else if (unit) identities.set(epc, { kind: 'PRODUCT', productId: unit.productId, productCode: unit.productCode, units: unit.units });
  }
  return identities;
}
