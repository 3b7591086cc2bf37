import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeGtin } from '../gtin.js';
import { decodeSgtin96, sgtin96Gtin } from '../rfid.js';
import { issueErrorCode } from './common.js';
import { createProductRequest } from './products.js';

const codesOf = (body: Record<string, unknown>) => {
  const r = createProductRequest.safeParse({ name: 'Áo', ...body });
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), issueErrorCode(i as never)]);
};

describe('product rules', () => {
  it('a GTIN is 8, 12, 13 or 14 digits with its check digit, kept as 14 digits; anything else GTIN_NOT_VALID', () => {
    assert.equal(normalizeGtin('4006381333931'), '04006381333931');
    assert.equal(normalizeGtin('96385074'), '00000096385074');
    assert.equal(normalizeGtin('0360-0029 1452'), '00036000291452', 'spaces and dashes as scanners and sheets add them');
    for (const wrong of ['4006381333932', '400638133393', '123456789', 'ABCDEFGH']) assert.equal(normalizeGtin(wrong), undefined, wrong);
    assert.deepEqual(codesOf({ gtin: '4006381333930' }), [['gtin', 'GTIN_NOT_VALID']]);
    assert.equal(createProductRequest.parse({ name: 'Áo', gtin: '  ' }).gtin, null);
  });

  it('quantity per box: a whole number from 1 (text digits too), blank is 1; else QUANTITY_PER_BOX_NOT_VALID', () => {
    assert.equal(createProductRequest.parse({ name: 'Áo' }).quantityPerBox, 1);
    assert.equal(createProductRequest.parse({ name: 'Áo', quantityPerBox: ' 24 ' }).quantityPerBox, 24);
    for (const wrong of [0, -3, 1.5, '1.5', 'x', 100_001]) assert.deepEqual(codesOf({ quantityPerBox: wrong }), [['quantityPerBox', 'QUANTITY_PER_BOX_NOT_VALID']], String(wrong));
  });

  it("an SGTIN-96 EPC's GTIN is its indicator, company prefix and item reference with the check digit (GS1's example)", () => {
    assert.equal(decodeSgtin96('3074257BF7194E4000001A85')?.uri, 'urn:epc:id:sgtin:0614141.812345.6789');
    assert.equal(sgtin96Gtin('3074257BF7194E4000001A85'), '80614141123458');
    assert.equal(sgtin96Gtin('E2000000000000000000A001'), undefined, 'not an SGTIN-96');
  });
});
