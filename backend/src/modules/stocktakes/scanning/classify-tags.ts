import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { productsByIds } from '../../products/products.public.js';
import { identifyEpcs } from '../../rfid/rfid.public.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { samplePlaces } from '../../tickets/tickets.public.js';
import type { CountedTag } from '../domain/stocktake.js';

/** A tag read for a stocktake, in the zone it counts in (one of the stocktake's). */
export interface CountedRead {
  epc: string;
  zoneId: string;
}

/**
 * What each tag is for this stocktake, decided when it is counted (the event carries it: a replay
 * gives the same lines). A sample expected here is FOUND; a sample not expected is ABNORMAL: out on a
 * ticket, or belonging to another zone (named); a product unit counts for its product's line in the
 * zone it was counted in, else it is ABNORMAL ZONE_MISMATCH; anything else ABNORMAL UNKNOWN. A few
 * queries for the whole batch (up to 5,000 tags), none per tag.
 */
export async function classifyTags(db: DbOrTx, stocktakeId: string, reads: readonly CountedRead[]): Promise<CountedTag[]> {
  if (!reads.length) return [];
  const epcs = reads.map((r) => r.epc);
  const identities = await identifyEpcs(db, epcs);
  const sampleOf = (epc: string) => {
    const item = identities.get(epc);
    return item?.kind === 'SAMPLE' ? item.sampleId : undefined;
  };
  const unitOf = (epc: string) => {
    const item = identities.get(epc);
    return item?.kind === 'PRODUCT' ? item : undefined;
  };
  const keyOf = (r: CountedRead): string | null => {
    const item = identities.get(r.epc);
    if (!item) return null;
    return item.kind === 'SAMPLE' ? `sample:${item.sampleId}` : `product:${item.productId}:${r.zoneId}`;
  };
  const keys = [...new Set(reads.map(keyOf).filter((k): k is string => k !== null))];
  const lines = keys.length
    ? await db
        .selectFrom('stocktake_lines')
        .select(['key', 'code', 'name'])
        .where('stocktake_id', '=', stocktakeId)
        .where('result', '<>', 'ABNORMAL')
        .where('key', '=', sql<string>`any(${keys}::text[])`)
        .execute()
    : [];
  const expected = new Map(lines.map((l) => [l.key, l]));

  // what the abnormal ones are: where the samples are, the items' codes and names
  const strayIds = [
    ...new Set(
      reads.flatMap((r) => {
        const sampleId = sampleOf(r.epc);
        return sampleId && !expected.has(keyOf(r)!) ? [sampleId] : [];
      }),
    ),
  ];
  const places = new Map((await samplePlaces(db, { sampleIds: strayIds })).map((p) => [p.sampleId, p]));
  const strays = strayIds.length
    ? await db.selectFrom(sampleAttributes(db).as('s')).select(['s.id', 's.sample_code', 's.name']).where('s.id', '=', sql<string>`any(${strayIds}::uuid[])`).execute()
    : [];
  const sampleNames = new Map(strays.map((s) => [s.id, s]));
  const products = await productsByIds(db, [...new Set(epcs.flatMap((epc) => unitOf(epc)?.productId ?? []))]);

  return reads.map((r): CountedTag => {
    const key = keyOf(r);
    const line = key ? expected.get(key) : undefined;
    const sampleId = sampleOf(r.epc);
    const unit = unitOf(r.epc);
    const base = { epc: r.epc, zoneId: r.zoneId, units: unit?.units ?? 1 };
    if (line) return { ...base, key, kind: sampleId ? 'SAMPLE' : 'PRODUCT', itemId: sampleId ?? unit!.productId, reason: null, otherZoneId: null, code: line.code, name: line.name };
    if (sampleId) {
      const place = places.get(sampleId);
      const s = sampleNames.get(sampleId);
      const out = place?.state === 'OUT';
      return { ...base, key: null, kind: 'SAMPLE', itemId: sampleId, reason: out ? 'OUT_ON_TICKET' : 'ZONE_MISMATCH', otherZoneId: out ? null : (place?.zoneId ?? null), code: s?.sample_code ?? r.epc, name: s?.name ?? null };
    }
    if (unit) {
      const p = products.get(unit.productId);
      return { ...base, key: null, kind: 'PRODUCT', itemId: unit.productId, reason: 'ZONE_MISMATCH', otherZoneId: null, code: p?.code ?? unit.productCode, name: p?.name ?? null };
    }
    return { ...base, key: null, kind: 'TAG', itemId: null, reason: 'UNKNOWN', otherZoneId: null, code: r.epc, name: null };
  });
}
