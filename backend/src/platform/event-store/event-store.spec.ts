import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createTestPlatform, testLogger, type TestPlatform } from '../../testing/test-platform.js';
import { waitFor } from '../../testing/wait-for.js';
import { AppError } from '../errors/app-error.js';
import type { EventStore } from './event-store.js';
import { eventHash } from './hash.js';
import { EventNotifier, Subscription } from './subscription.js';
import { START, type Cursor, type StoredEvent } from './types.js';

let tp: TestPlatform;
before(async () => {
  tp = await createTestPlatform({}, []);
});
after(async () => {
  await tp.close();
});

const ev = (n: number) => ({ type: 'Counted', data: { n } });

async function conflict(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => assert.fail('expected a concurrency conflict'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof AppError, `expected AppError, got ${String(err)}`);
  assert.equal(err.code, 'CONCURRENCY_CONFLICT');
  assert.equal(err.status, 409);
  return err;
}

describe('event store: expected version', () => {
  it('no_stream appends to a new stream and refuses an existing one', async () => {
    const s = `t-${randomUUID()}`;
    const r = await tp.platform.store.append(s, 't', [ev(1), ev(2)], { expectedVersion: 'no_stream' });
    assert.equal(r.nextVersion, 2);
    await conflict(tp.platform.store.append(s, 't', [ev(3)], { expectedVersion: 'no_stream' }));
    assert.equal((await tp.platform.store.readStream(s)).length, 2);
  });

  it('exists refuses a missing stream and appends to an existing one', async () => {
    const s = `t-${randomUUID()}`;
    await conflict(tp.platform.store.append(s, 't', [ev(1)], { expectedVersion: 'exists' }));
    assert.equal((await tp.platform.store.readStream(s)).length, 0, 'nothing written by the refused append');
    await tp.platform.store.append(s, 't', [ev(1)]);
    const r = await tp.platform.store.append(s, 't', [ev(2)], { expectedVersion: 'exists' });
    assert.equal(r.nextVersion, 2);
  });

  it('a number must equal the current version; 0 means no stream', async () => {
    const s = `t-${randomUUID()}`;
    await conflict(tp.platform.store.append(s, 't', [ev(1)], { expectedVersion: 1 }));
    await tp.platform.store.append(s, 't', [ev(1)], { expectedVersion: 0 });
    await tp.platform.store.append(s, 't', [ev(2)], { expectedVersion: 1 });
    const err = await conflict(tp.platform.store.append(s, 't', [ev(3)], { expectedVersion: 1 }));
    assert.deepEqual(err.details, { streamId: s, expected: 'version 1', actual: 2 });
    const events = await tp.platform.store.readStream(s);
    assert.deepEqual(
      events.map((e) => [e.streamVersion, e.data.n]),
      [
        [1, 1],
        [2, 2],
      ],
    );
  });

  it('any appends whatever the version', async () => {
    const s = `t-${randomUUID()}`;
    await tp.platform.store.append(s, 't', [ev(1)], { expectedVersion: 'any' });
    const r = await tp.platform.store.append(s, 't', [ev(2)], { expectedVersion: 'any' });
    assert.equal(r.nextVersion, 2);
  });

  it('two concurrent appends at the same expected version: exactly one wins, nothing is overwritten', async () => {
    const s = `t-${randomUUID()}`;
    await tp.platform.store.append(s, 't', [ev(0)]);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => tp.platform.store.append(s, 't', [ev(i + 1)], { expectedVersion: 1 })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as AppError).code, 'CONCURRENCY_CONFLICT');
    assert.equal((await tp.platform.store.readStream(s)).length, 2);
  });

  it('concurrent creators of one stream with no_stream: one wins', async () => {
    const s = `t-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => tp.platform.store.append(s, 't', [ev(i)], { expectedVersion: 'no_stream' })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.equal((await tp.platform.store.readStream(s)).length, 1);
  });
});

describe('event store: stored events', () => {
  it('carry id, type, data, metadata, time, version, position and a hash chained to the previous event', async () => {
    const s = `t-${randomUUID()}`;
    const { events } = await tp.platform.store.append(s, 't', [ev(1), ev(2)], {
      metadata: { actor: { kind: 'user', id: 'u1', name: 'alice' }, correlationId: 'c1', clientIp: '10.0.0.1', source: 'http' },
    });
    const stored = await tp.platform.store.readStream(s);
    assert.equal(stored.length, 2);
    const [a, b] = stored as [StoredEvent, StoredEvent];
    assert.match(a.eventId, /^[0-9a-f-]{36}$/);
    assert.equal(a.type, 'Counted');
    assert.deepEqual(a.data, { n: 1 });
    assert.deepEqual(a.metadata, { actor: { kind: 'user', id: 'u1', name: 'alice' }, correlationId: 'c1', causationId: null, source: 'http', clientIp: '10.0.0.1' });
    assert.ok(a.recordedAt instanceof Date);
    assert.ok(b.globalPosition > a.globalPosition);
    assert.equal(a.prevHash, null);
    assert.equal(b.prevHash, a.hash);
    assert.match(a.hash, /^[0-9a-f]{64}$/);
    assert.equal(events[1]!.hash, b.hash);
  });
  it('read from $all with the types a reader wants: the others come in their place without their data', async () => {
    const s = `t-${randomUUID()}`;
    const tail = await tp.platform.store.readAll(START, 1_000_000);
    const from = tail.length ? { transactionId: tail[tail.length - 1]!.transactionId, globalPosition: tail[tail.length - 1]!.globalPosition } : START;
    await tp.platform.store.append(s, 't', [ev(1), { type: 'Bulky', data: { lines: [1, 2, 3] } }, ev(3)]);
    // $all shows a transaction once every older one has ended: other suites' writers may hold it back a moment
    const readMine = async (types?: string[]) => (await tp.platform.store.readAll(from, 1_000_000, { types })).filter((e) => e.streamId === s);
    await waitFor('the events in $all', async () => (await readMine()).length === 3);
    const mine = await readMine(['Counted']);
    assert.deepEqual(mine.map((e) => [e.type, e.data]), [['Counted', { n: 1 }], ['Bulky', null], ['Counted', { n: 3 }]]);
    const all = await readMine();
    assert.deepEqual(all[1]!.data, { lines: [1, 2, 3] });
  });
});

describe('event store: many new streams at once', () => {
  it('writes each stream as single appends would: versions from 1, hashes chained, the stream rows, one metadata', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()].map((id) => `bulk-${id}`);
    const stored = await tp.platform.store.appendToNewStreams(
      ids.map((streamId, i) => ({ streamId, streamType: 'bulk', events: Array.from({ length: i + 1 }, (_, k) => ev(k + 1)) })),
      { metadata: { actor: { kind: 'cli', id: null, name: 'importer' } } },
    );
    assert.equal(stored.length, 6);
    assert.deepEqual(
      stored.map((e) => e.globalPosition),
      [...stored.map((e) => e.globalPosition)].sort((a, b) => a - b),
    );
    for (const [i, streamId] of ids.entries()) {
      const events = await tp.platform.store.readStream(streamId);
      assert.deepEqual(
        events.map((e) => [e.streamVersion, e.data.n, e.metadata.actor.name]),
        Array.from({ length: i + 1 }, (_, k) => [k + 1, k + 1, 'importer']),
      );
      let prev: string | null = null;
      for (const e of events) {
        assert.equal(e.prevHash, prev);
        assert.equal(eventHash(prev, e), e.hash, 'the hash the verifier recomputes');
        prev = e.hash;
      }
      const row = await tp.platform.db.selectFrom('streams').selectAll().where('stream_id', '=', streamId).executeTakeFirstOrThrow();
      assert.deepEqual([row.version, row.last_hash, row.stream_type], [i + 1, prev, 'bulk']);
      // and the stream goes on with ordinary appends
      await tp.platform.store.append(streamId, 'bulk', [ev(9)], { expectedVersion: i + 1 });
    }
  });

  it('a stream that exists already: CONCURRENCY_CONFLICT naming it, and nothing of the batch is written', async () => {
    const existing = `bulk-${randomUUID()}`;
    await tp.platform.store.append(existing, 'bulk', [ev(1)]);
    const fresh = `bulk-${randomUUID()}`;
    const err = await conflict(
      tp.platform.store.appendToNewStreams([
        { streamId: fresh, streamType: 'bulk', events: [ev(1)] },
        { streamId: existing, streamType: 'bulk', events: [ev(2)] },
      ]),
    );
    assert.deepEqual(err.details, { streamId: existing, expected: 'no_stream', actual: 'exists' });
    assert.equal((await tp.platform.store.readStream(fresh)).length, 0);
    assert.equal((await tp.platform.store.readStream(existing)).length, 1);
  });
});

describe('event store: $all subscription', () => {
  it('8 concurrent writers x 1,000 events: the subscriber receives every event exactly once, in $all order', async (t) => {
    const { store, notifier } = tp.platform;
    const received: StoredEvent[] = [];
    const writers = 8;
    const perWriter = 1000;
    const prefix = `w-${randomUUID()}`;
    const marker = `${prefix}-marker`;
    let markerDelivered = false;
    const sub = new Subscription(store, notifier, testLogger, {
      from: START,
      batchSize: 250,
      pollIntervalMs: 5000,
      handler: async (batch) => {
        for (const e of batch) {
          if (e.streamId === marker) markerDelivered = true;
          else if (e.streamId.startsWith(prefix)) received.push(e);
        }
      },
    });
    t.after(() => sub.stop());
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 1; i <= perWriter; i++) {
          await store.append(`${prefix}-${w}`, 'writer', [{ type: 'Wrote', data: { w, i } }], { expectedVersion: i - 1 });
        }
      }),
    );
    // Appended after every writer's commit, the marker comes after all their events in $all order:
    // once it is delivered, a missing event or a late duplicate would already be in `received`.
    await store.append(marker, 'marker', [{ type: 'Marker', data: {} }]);
    await waitFor('the marker appended after the writers', () => markerDelivered, 60_000);
    assert.equal(received.length, writers * perWriter, 'every event delivered');
    assert.equal(new Set(received.map((e) => e.eventId)).size, writers * perWriter, 'no event delivered twice');
    for (let k = 1; k < received.length; k++) {
      const p = received[k - 1]!;
      const c = received[k]!;
      const ordered = BigInt(p.transactionId) < BigInt(c.transactionId) || (p.transactionId === c.transactionId && p.globalPosition < c.globalPosition);
      assert.ok(ordered, `delivery follows the (transaction, position) order at ${k}`);
    }
    for (let w = 0; w < writers; w++) {
      const mine = received.filter((e) => e.streamId === `${prefix}-${w}`).map((e) => e.data.i as number);
      assert.deepEqual(mine, Array.from({ length: perWriter }, (_, i) => i + 1), `writer ${w}'s events in its commit order`);
    }
  });

  it('a transaction held open while later ones commit: nothing is skipped; its event arrives once it commits', async (t) => {
    const { store, notifier, db } = tp.platform;
    const prefix = `h-${randomUUID()}`;
    const marker = `${prefix}-marker`;
    const tail = await store.readAll(START, 1_000_000);
    const from = tail.length ? { transactionId: tail[tail.length - 1]!.transactionId, globalPosition: tail[tail.length - 1]!.globalPosition } : START;
    // The subscription reads through this store, so the test knows when it has looked at $all.
    let laterCommitted = false;
    let readsSinceLaterCommitted = 0;
    const observed: EventStore = Object.create(store, {
      readAll: {
        value: (after: Cursor, limit?: number) => {
          if (laterCommitted) readsSinceLaterCommitted++;
          return store.readAll(after, limit);
        },
      },
    });
    const received: StoredEvent[] = [];
    let markerDelivered = false;
    const sub = new Subscription(observed, notifier, testLogger, {
      from,
      pollIntervalMs: 200,
      handler: async (batch) => {
        for (const e of batch) {
          if (e.streamId === marker) markerDelivered = true;
          else if (e.streamId.startsWith(prefix)) received.push(e);
        }
      },
    });
    t.after(() => sub.stop());

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let appendedInHeldTx!: () => void;
    const appended = new Promise<void>((r) => (appendedInHeldTx = r));
    const held = db.transaction().execute(async (tx) => {
      await store.append(`${prefix}-held`, 't', [{ type: 'Held', data: {} }], { tx });
      appendedInHeldTx();
      await gate;
    });
    await appended;
    try {
      for (let i = 0; i < 20; i++) await store.append(`${prefix}-later`, 't', [{ type: 'Later', data: { i } }]);
      laterCommitted = true;
      // Later transactions have committed, but delivering them now would move the cursor past the held one.
      // The subscription starts a read only once it is done with the previous one: at its second read
      // since the later commits, it has read them at least once and handled what it got.
      await waitFor('two reads of $all after the later commits', () => readsSinceLaterCommitted >= 2);
      assert.equal(received.length, 0, 'nothing delivered while an older transaction is still open');
    } finally {
      release();
      await held;
    }
    // After the held and the later transactions: once it is delivered, so is everything before it.
    await store.append(marker, 't', [{ type: 'Marker', data: {} }]);
    await waitFor('the marker appended after the held transaction', () => markerDelivered);
    assert.equal(received.length, 21, 'all 21 events delivered, none twice');
    assert.equal(received[0]!.type, 'Held', 'the held transaction comes first: it started first');
    assert.equal(new Set(received.map((e) => e.eventId)).size, 21);
  });
});

describe('event notifier: announced changes', () => {
  it("an announcement made in a transaction reaches every instance, the announcing one too, and only the topic's listeners", async (t) => {
    const { db, notifier } = tp.platform;
    // another instance: its own LISTEN connection
    const other = new EventNotifier(tp.url, tp.platform.database.pool, testLogger);
    t.after(() => other.stop());
    await other.start();
    const heard: string[] = [];
    const stops = [
      notifier.onAnnounced('topic-a', () => heard.push('this')),
      other.onAnnounced('topic-a', () => heard.push('other')),
      other.onAnnounced('topic-b', () => heard.push('topic-b')),
    ];
    t.after(() => stops.forEach((stop) => stop()));
    await db.transaction().execute((tx) => notifier.announce(tx, 'topic-a'));
    await db.transaction().execute((tx) => notifier.announce(tx, 'topic-b'));
    await waitFor('every delivery', () => heard.length >= 3);
    assert.deepEqual(heard.sort(), ['other', 'this', 'topic-b']);
  });
});
