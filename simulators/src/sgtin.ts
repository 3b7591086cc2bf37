/*
 * Product tags as they come from the supplier: SGTIN-96 EPCs of a GTIN (GS1 EPC Tag Data Standard),
 * which the back-office counts as units of the product with that GTIN without any registration.
 */

/** The SGTIN partition of each company prefix length (digits 12 down to 6): [partition, prefix bits, item reference bits]. */
const PARTITIONS = new Map<number, [number, number, number]>([
  [12, [0, 40, 4]],
  [11, [1, 37, 7]],
  [10, [2, 34, 10]],
  [9, [3, 30, 14]],
  [8, [4, 27, 17]],
  [7, [5, 24, 20]],
  [6, [6, 20, 24]],
]);

/**
 * The SGTIN-96 EPC (24 hex digits) of unit `serial` of a GTIN-14 whose company prefix has
 * `prefixDigits` digits: the indicator digit leads the item reference, the check digit is dropped.
 */
export function sgtin96Epc(gtin14: string, serial: number, prefixDigits = 7, filter = 1): string {
  const partition = PARTITIONS.get(prefixDigits);
  if (!/^\d{14}$/.test(gtin14) || !partition) throw new Error(`not a GTIN-14 with a ${prefixDigits}-digit company prefix: ${gtin14}`);
  const [p, prefixBits, itemBits] = partition;
  const companyPrefix = BigInt(gtin14.slice(1, 1 + prefixDigits));
  const itemReference = BigInt(gtin14[0]! + gtin14.slice(1 + prefixDigits, 13));
  let bits = 0x30n;
  bits = (bits << 3n) | BigInt(filter);
  bits = (bits << 3n) | BigInt(p);
  bits = (bits << BigInt(prefixBits)) | companyPrefix;
  bits = (bits << BigInt(itemBits)) | itemReference;
  bits = (bits << 38n) | BigInt(serial);
  return bits.toString(16).toUpperCase().padStart(24, '0');
}

/** A GTIN-14 from its first 13 digits and the GS1 check digit. */
export function withCheckDigit(first13: string): string {
  const sum = [...first13].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${first13}${(10 - (sum % 10)) % 10}`;
}
