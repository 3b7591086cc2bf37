import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadDedupe } from './read-dedupe.js';

describe('reads deduplicated per reader and EPC within a window', () => {
  it('the first read passes, repeats within the window do not, the first after it does', () => {
    const d = new ReadDedupe();
    assert.equal(d.pass('r1', 'E1', 1000, 2000), true);
    assert.equal(d.pass('r1', 'E1', 1500, 2000), false);
    assert.equal(d.pass('r1', 'E1', 2999, 2000), false);
    assert.equal(d.pass('r1', 'E1', 3000, 2000), true);
  });

  it('another reader, or another EPC, is its own window', () => {
    const d = new ReadDedupe();
    assert.equal(d.pass('r1', 'E1', 0, 2000), true);
    assert.equal(d.pass('r2', 'E1', 10, 2000), true);
    assert.equal(d.pass('r1', 'E2', 20, 2000), true);
  });

  it('a zero window lets every read through', () => {
    const d = new ReadDedupe();
    assert.equal(d.pass('r1', 'E1', 0, 0), true);
    assert.equal(d.pass('r1', 'E1', 0, 0), true);
  });

  it('forgets the tags whose window has passed', () => {
    const d = new ReadDedupe();
    for (let i = 0; i < 1000; i++) d.pass('r1', `E${i}`, 0, 100);
    assert.equal(d.size, 1000);
    d.pass('r1', 'late', 10_000, 100);
    assert.equal(d.size, 1);
  });
});
