import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PassTracker, type Sighting } from './pass-tracker.js';

const GAP = 5000;
const at = (atMs: number, role: Sighting['role'], antenna = role === 'OUTER' ? 2 : 1, epc = 'E1'): Sighting => ({ gateId: 'G', epc, antenna, role, atMs });

describe('pass tracker', () => {
  it('a one-sided gate tells a pass at the first sighting, as OUT, and once while the tag stays', () => {
    const t = new PassTracker();
    assert.deepEqual(t.see(at(0, null), false, GAP), { gateId: 'G', epc: 'E1', direction: 'OUT', antenna: 1, atMs: 0 });
    assert.equal(t.see(at(2000, null), false, GAP), undefined);
    assert.equal(t.see(at(6000, null), false, GAP), undefined, 'seen again within the gap of the last sighting: the same pass');
    assert.equal(t.see(at(11_001, null), false, GAP)?.direction, 'OUT', 'after a gap: a new pass');
  });

  it('inner then outer is OUT, outer then inner is IN, told when the second side sees the tag', () => {
    const t = new PassTracker();
    assert.equal(t.see(at(0, 'INNER'), true, GAP), undefined);
    assert.equal(t.see(at(300, 'INNER'), true, GAP), undefined);
    assert.deepEqual(t.see(at(800, 'OUTER'), true, GAP), { gateId: 'G', epc: 'E1', direction: 'OUT', antenna: 1, atMs: 0 });
    assert.equal(t.see(at(900, 'INNER'), true, GAP), undefined, 'told once');
    assert.equal(t.see(at(10_000, 'OUTER', 2, 'E2'), true, GAP), undefined);
    assert.equal(t.see(at(10_500, 'INNER', 1, 'E2'), true, GAP)?.direction, 'IN');
  });

  it('a pass only one side saw is told UNKNOWN when its gap runs out, and forgotten', () => {
    const t = new PassTracker();
    t.see(at(0, 'INNER'), true, GAP);
    assert.deepEqual(t.expire(4000, GAP), []);
    assert.deepEqual(t.expire(5001, GAP), [{ gateId: 'G', epc: 'E1', direction: 'UNKNOWN', antenna: 1, atMs: 0 }]);
    assert.equal(t.size, 0);
    t.see(at(6000, 'INNER'), true, GAP);
    t.see(at(6100, 'OUTER'), true, GAP);
    assert.deepEqual(t.expire(20_000, GAP), [], 'a pass told already is not told again');
  });

  it('the sides of one gate and tag are kept apart from other tags and gates', () => {
    const t = new PassTracker();
    t.see(at(0, 'INNER', 1, 'A'), true, GAP);
    assert.equal(t.see(at(100, 'OUTER', 2, 'B'), true, GAP), undefined, 'another tag on the other side');
    assert.equal(t.see({ gateId: 'H', epc: 'A', antenna: 2, role: 'OUTER', atMs: 200 }, true, GAP), undefined, 'another gate');
    assert.equal(t.see(at(300, 'OUTER', 2, 'A'), true, GAP)?.direction, 'OUT');
  });

  it('a pass another server recorded is resumed as told: the reads it had handled, replayed, make no new pass; after its gap a new one does', () => {
    const t = new PassTracker();
    t.resume({ gateId: 'G', epc: 'E1', antenna: 1, atMs: 0 }, 3000);
    assert.equal(t.see(at(1000, null), false, GAP), undefined, 'a replayed read of the recorded pass');
    assert.equal(t.see(at(7000, null), false, GAP), undefined, 'within the gap of the last known sighting');
    assert.equal(t.see(at(12_500, null), false, GAP)?.direction, 'OUT', 'a new pass after the gap');
    t.resume({ gateId: 'G', epc: 'E1', antenna: 1, atMs: 0 }, 3000);
    assert.equal(t.see(at(13_000, null), false, GAP), undefined, 'an older recorded pass does not replace a newer one seen here');
  });

  it('a gate handed to another server is forgotten here: its open passes are not told as UNKNOWN', () => {
    const t = new PassTracker();
    t.see(at(0, 'INNER'), true, GAP);
    t.see({ gateId: 'H', epc: 'E1', antenna: 1, role: 'INNER', atMs: 0 }, true, GAP);
    t.forget('G');
    assert.deepEqual(t.expire(10_000, GAP).map((p) => p.gateId), ['H']);
  });
});
