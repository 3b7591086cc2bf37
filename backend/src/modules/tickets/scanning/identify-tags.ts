import type { DbOrTx } from '../../../platform/database/database.js';
import { identifyEpcs } from '../../rfid/rfid.public.js';
import type { Identified } from '../domain/ticket-state.js';

/** What each scanned tag is for a ticket: a sample, a product's units, or nothing known (null). */
export async function identifyTags(db: DbOrTx, epcs: readonly string[]): Promise<{ epc: string; identified: Identified }[]> {
  const identities = await identifyEpcs(db, epcs);
  return epcs.map((epc) => {
    const item = identities.get(epc);
    if (!item) return { epc, identified: null };
    return { epc, identified: item.kind === 'SAMPLE' ? { key: `sample:${item.sampleId}`, units: 1 } : { key: `product:${item.productId}`, units: item.units } };
  });
}
