import { normalizeTagCode, TAG_MAX_BITS, tagCodeProblem } from '@rfid/contracts';
import { clip } from './json-fields.js';

/*
 * A reported EPC becomes a read only when it is a tag code the back-office accepts: contracts'
 * normalizeTagCode and tagCodeProblem decide, exactly as for a tag typed or imported (upper-case hex,
 * whole 16-bit words, at most 496 bits). Otherwise the part is refused with the reason in words.
 */

export type EpcCheck = { epc: string; problem: null } | { epc: null; problem: string };

/** How much of a refused code a reason quotes: a whole 496-bit EPC (124 digits) and a little more. */
const QUOTED_CODE_MAX = 130;

/** The EPC as stored (upper-case hex), or why it is refused. */
export function checkEpc(reported: string): EpcCheck {
  const code = normalizeTagCode(reported);
  const problem = tagCodeProblem(code);
  if (problem === undefined) return { epc: code, problem: null };
  return { epc: null, problem: problem === 'RFID_NOT_BLANK' ? 'EPC is empty' : whyNotValid(code) };
}

/** Words for a code tagCodeProblem refused as TAG_NOT_VALID: which of its rules the code breaks. */
function whyNotValid(code: string): string {
  if (!isHex(code)) return `EPC "${clip(code, QUOTED_CODE_MAX)}" is not hexadecimal`;
  const bits = code.length * 4;
  if (bits > TAG_MAX_BITS) return `EPC is ${code.length} hex digits (${bits} bits): more than ${TAG_MAX_BITS} bits`;
  return `EPC is ${code.length} hex digits: not whole 16-bit words`;
}

function isHex(code: string): boolean {
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70))) return false;
  }
  return true;
}

// Impinj's `epc` is base64url ('-' and '_'); the standard alphabet ('+', '/') and '=' padding are taken
// too, since they cannot be misread. Checked first: Buffer's decoder silently skips what is not base64.
const BASE64 = /^[A-Za-z0-9_+/-]*={0,2}$/;

/** The upper-case hex of a base64url text, or null when the text is not base64. */
export function hexOfBase64Url(text: string): string | null {
  let digits = text.length;
  while (digits > 0 && text.charCodeAt(digits - 1) === 61 /* = */) digits--;
  if (digits % 4 === 1 || !BASE64.test(text)) return null;
  return Buffer.from(text, 'base64').toString('hex').toUpperCase();
}
