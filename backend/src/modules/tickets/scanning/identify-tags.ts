import type { DbOrTx } from '../../../platform/database/database.js';
import { productUnitsOfEpcs } from '../../products/products.public.js';
import { linkedSamplesOfTags } from '../../rfid/rfid.public.js';
import type { Identified } from '../domain/ticket.js';

/**
 * What each scanned tag is: a sample (its tag is linked to it), a product unit (its tag is linked to
 * the product, a box tag counting the product's quantity per box, or it is an SGTIN-96 of the product's
 * GTIN), or nothing known (null). Two queries for the whole batch.
 */
export async function identifyTags(db: DbOrTx, epcs: readonly string[]): Promise<{ epc: string; identified: Identified }[]> {
  const [samples, products] = await Promise.all([linkedSamplesOfTags(db, epcs), productUnitsOfEpcs(db, epcs)]);
  return epcs.map((epc) => {
    const sampleId = samples.get(epc);
    if (sampleId) return { epc, identified: { key: `sample:${sampleId}`, units: 1 } };
    const product = products.get(epc);
    return { epc, identified: product ? { key: `product:${product.productId}`, units: product.units } : null };
  });
}
