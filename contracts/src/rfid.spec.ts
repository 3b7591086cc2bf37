import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeSgtin96, normalizeTagCode, tagCodeProblem } from './rfid.js';

describe('RFID tag codes', () => {
  it('are normalised to upper case without spaces or dashes', () => {
    assert.equal(normalizeTagCode(' e280-6894 0000 5012 '), 'E280689400005012');
  });

  it('must be hexadecimal, whole 16-bit words, at most 496 bits', () => {
    assert.equal(tagCodeProblem(''), 'RFID_NOT_BLANK');
    assert.equal(tagCodeProblem('E28'), 'TAG_NOT_VALID', 'not a whole word');
    assert.equal(tagCodeProblem('E28G'), 'TAG_NOT_VALID', 'not hexadecimal');
    assert.equal(tagCodeProblem('E280'), undefined);
    assert.equal(tagCodeProblem('A'.repeat(124)), undefined, '496 bits');
    assert.equal(tagCodeProblem('A'.repeat(128)), 'TAG_NOT_VALID', '512 bits');
  });

  it('decodes the GS1 standard SGTIN-96 example', () => {
    assert.deepEqual(decodeSgtin96('3074257BF7194E4000001A85'), {
      filter: 3,
      partition: 5,
      companyPrefix: '0614141',
      itemReference: '812345',
      serial: '6789',
      uri: 'urn:epc:id:sgtin:0614141.812345.6789',
    });
  });

  it('does not decode other codes as SGTIN-96', () => {
    assert.equal(decodeSgtin96('E2806894000050123456789A'), undefined, 'header is not 30');
    assert.equal(decodeSgtin96('3074257BF7194E4000001A'), undefined, 'not 96 bits');
    assert.equal(decodeSgtin96('307C257BF7194E4000001A85'), undefined, 'partition 7 does not exist');
  });
});
