import { gtinCheckDigit } from './gtin.js';

/**
 * UHF RFID tag codes (EPC): hexadecimal, a whole number of 16-bit words, at most 496 bits.
 * Stored upper-case. An SGTIN-96 code (header 0x30) is also decoded for display.
 */
export const TAG_MAX_BITS = 496;
const HEX_DIGITS_PER_WORD = 4;

/** Upper-case, without the spaces and dashes that scanners and spreadsheets add. */
export function normalizeTagCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** The error code for a tag code that is not acceptable, or undefined when it is. */
export function tagCodeProblem(code: string): 'RFID_NOT_BLANK' | 'TAG_NOT_VALID' | undefined {
  if (code.length === 0) return 'RFID_NOT_BLANK';
  if (!/^[0-9A-F]+$/.test(code)) return 'TAG_NOT_VALID';
  if (code.length % HEX_DIGITS_PER_WORD !== 0) return 'TAG_NOT_VALID';
  if (code.length * 4 > TAG_MAX_BITS) return 'TAG_NOT_VALID';
  return undefined;
}

export interface Sgtin96 {
  filter: number;
  partition: number;
  companyPrefix: string;
  itemReference: string;
  serial: string;
  /** The pure-identity URI, e.g. urn:epc:id:sgtin:0614141.812345.6789 */
  uri: string;
}

/** GS1 EPC Tag Data Standard, SGTIN partition table: [company prefix bits, digits, item reference bits, digits]. */
const SGTIN_PARTITIONS: readonly [number, number, number, number][] = [
  [40, 12, 4, 1],
  [37, 11, 7, 2],
  [34, 10, 10, 3],
  [30, 9, 14, 4],
  [27, 8, 17, 5],
  [24, 7, 20, 6],
  [20, 6, 24, 7],
];

/** Decodes an SGTIN-96 EPC (24 hex digits, header 30); undefined for anything else. */
export function decodeSgtin96(code: string): Sgtin96 | undefined {
  if (!/^30[0-9A-F]{22}$/.test(code)) return undefined;
  const bits = BigInt(`0x${code}`);
  const take = (offsetFromLeft: number, width: number) => (bits >> BigInt(96 - offsetFromLeft - width)) & ((1n << BigInt(width)) - 1n);
  const filter = Number(take(8, 3));
  const partition = Number(take(11, 3));
  const row = SGTIN_PARTITIONS[partition];
  if (!row) return undefined;
  const [prefixBits, prefixDigits, itemBits, itemDigits] = row;
  const companyPrefix = take(14, prefixBits).toString().padStart(prefixDigits, '0');
  const itemReference = take(14 + prefixBits, itemBits).toString().padStart(itemDigits, '0');
  const serial = take(58, 38).toString();
  if (companyPrefix.length > prefixDigits || itemReference.length > itemDigits) return undefined;
  return { filter, partition, companyPrefix, itemReference, serial, uri: `urn:epc:id:sgtin:${companyPrefix}.${itemReference}.${serial}` };
}

/**
 * The GTIN-14 an SGTIN-96 EPC carries (its company prefix and item reference: the item reference's
 * first digit is the indicator), or undefined for an EPC that is no SGTIN-96.
 */
export function sgtin96Gtin(code: string): string | undefined {
  const sgtin = decodeSgtin96(code);
  if (!sgtin) return undefined;
  const body = sgtin.itemReference.slice(0, 1) + sgtin.companyPrefix + sgtin.itemReference.slice(1);
  return body + gtinCheckDigit(body);
}
