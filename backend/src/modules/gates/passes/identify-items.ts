import type { GateItemView } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { productsByIds } from '../../products/products.public.js';
import { identifyEpcs, registeredTags } from '../../rfid/rfid.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';

/**
 * What each tag a gate saw is: the sample its tag is linked to, a product unit (a tag linked to the
 * product or an SGTIN-96 of its GTIN), a registered tag on nothing, or a tag nobody registered. A few
 * queries for the whole batch.
 */
export async function identifyItems(db: DbOrTx, epcs: readonly string[]): Promise<Map<string, GateItemView>> {
  const [identities, registered] = await Promise.all([identifyEpcs(db, epcs), registeredTags(db, epcs)]);
  const sampleIds = [...new Set([...identities.values()].flatMap((i) => (i.kind === 'SAMPLE' ? [i.sampleId] : [])))];
  const [samples, products] = await Promise.all([
    sampleIds.length
      ? sampleAttributes(db)
          .where('id', '=', sql<string>`any(${sampleIds}::uuid[])`)
          .execute()
          .then((rows) => new Map(rows.map((r) => [r.id, r])))
      : new Map<string, { sample_code: string; name: string | null }>(),
    productsByIds(db, [...new Set([...identities.values()].flatMap((i) => (i.kind === 'PRODUCT' ? [i.productId] : [])))]),
  ]);
  const items = new Map<string, GateItemView>();
  for (const epc of epcs) {
    const item = identities.get(epc);
    const sample = item?.kind === 'SAMPLE' ? samples.get(item.sampleId) : undefined;
    if (item?.kind === 'SAMPLE' && sample) items.set(epc, { kind: 'SAMPLE', id: item.sampleId, code: sample.sample_code, name: sample.name });
    else if (item?.kind === 'PRODUCT') items.set(epc, { kind: 'PRODUCT', id: item.productId, code: item.productCode, name: products.get(item.productId)?.name ?? null });
    else items.set(epc, { kind: registered.has(epc) ? 'TAG' : 'UNKNOWN', id: null, code: epc, name: null });
  }
  return items;
}
