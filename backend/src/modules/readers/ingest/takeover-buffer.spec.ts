import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InboundMessage } from '../../../platform/mqtt/mqtt-access.js';
import { TakeoverBuffer } from './takeover-buffer.js';

const message = (atMs: number, n = atMs): InboundMessage => ({ topic: 'rfid/readers/G/events', payload: Buffer.from(String(n)), principal: undefined, receivedAt: new Date(atMs), qos: 1 });
const drain = (b: TakeoverBuffer, readerId: string, since: Date | null) => {
  const out: string[] = [];
  for (let m = b.next(readerId, since); m; m = b.next(readerId, since)) out.push(m.payload.toString());
  return out;
};

describe('takeover buffer', () => {
  it('replays a reader’s messages since the previous owner’s last renewal, oldest first, each once', () => {
    const b = new TakeoverBuffer(15_000);
    for (const t of [1000, 2000, 3000, 4000]) b.keep('G', message(t));
    b.keep('H', message(2500));
    assert.deepEqual(drain(b, 'G', new Date(2000)), ['2000', '3000', '4000']);
    assert.deepEqual(drain(b, 'G', null), [], 'taken off as replayed');
    assert.deepEqual(drain(b, 'H', null), ['2500'], 'another reader’s kept apart');
  });

  it('keeps a reader’s messages for its window only, and at most 20,000 of them', () => {
    const b = new TakeoverBuffer(10_000);
    b.keep('G', message(0));
    b.keep('G', message(10_001));
    assert.deepEqual(drain(b, 'G', null), ['10001']);
    for (let i = 0; i < 20_005; i++) b.keep('G', message(20_000, i));
    assert.equal(b.size, 20_000);
    assert.equal(b.next('G', null)?.payload.toString(), '5', 'the oldest dropped first');
  });
});
