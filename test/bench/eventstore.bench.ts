// npm run bench:eventstore — event store throughput and subscriber lag on a fresh database.
// Targets (2-core machine): >= 2,000 single-event appends/s, >= 30,000 events/s in batches of 100,
// >= 100,000 events/s read from $all.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Subscription } from '@rfid/backend/platform/event-store/subscription';
import { START, type StoredEvent } from '@rfid/backend/platform/event-store/types';
import { createTestPlatform, testLogger } from '@rfid/backend/testing/test-platform';

const SINGLE_APPENDS = Number(process.env.BENCH_SINGLE ?? 10_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 1_000);
const LAG_EVENTS = Number(process.env.BENCH_LAG_EVENTS ?? 5_000);

const tp = await createTestPlatform({ dbPoolSize: WRITERS + 4 }, []);
const { store, notifier } = tp.platform;
const payload = (i: number) => ({ sku: `SKU-${i}`, tag: 'E280689400005012345678AB', zone: 'Z01', qty: 1, note: 'Mẫu giày thử nghiệm' });

async function parallel(workers: number, total: number, job: (worker: number, i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = next++; i < total; i = next++) await job(w, i);
    }),
  );
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const rows: [string, string, string][] = [];
const report = (name: string, value: string, target = '') => {
  rows.push([name, value, target]);
  console.log(`${name.padEnd(46)} ${value.padStart(16)}  ${target}`);
};

console.log(`event store benchmark — node ${process.version}, ${WRITERS} concurrent writers\n`);

// 1. single-event appends, one command per transaction, each writer on its own streams
{
  const versions = new Map<string, number>();
  const secs = await parallel(WRITERS, SINGLE_APPENDS, async (w, i) => {
    const stream = `bench-single-${w}-${i % 50}`;
    const v = versions.get(stream) ?? 0;
    await store.append(stream, 'bench', [{ type: 'ItemScanned', data: payload(i) }], { expectedVersion: v === 0 ? 'no_stream' : v });
    versions.set(stream, v + 1);
  });
  const rate = SINGLE_APPENDS / secs;
  report('single-event appends (1 per transaction)', `${Math.round(rate).toLocaleString('en')} /s`, rate >= 2000 ? 'target >= 2,000: met' : 'target >= 2,000: MISSED');
}

// 2. batches of 100 events per append
{
  const secs = await parallel(4, BATCHES, async (_w, i) => {
    const events = Array.from({ length: 100 }, (_, k) => ({ type: 'ItemScanned', data: payload(i * 100 + k) }));
    await store.append(`bench-batch-${i}`, 'bench', events, { expectedVersion: 'no_stream' });
  });
  const rate = (BATCHES * 100) / secs;
  report('events appended in batches of 100', `${Math.round(rate).toLocaleString('en')} /s`, rate >= 30000 ? 'target >= 30,000: met' : 'target >= 30,000: MISSED');
}

// 3. reading $all from the start, twice: the first pass after the writes also pays for PostgreSQL
// setting hint bits on the new rows; the second is the steady read rate. Planner statistics as
// autovacuum keeps them on a live database.
{
  await sql`analyze events`.execute(tp.platform.db);
  for (const pass of ['first read after the writes', 'repeated read']) {
    let cursor = START;
    let count = 0;
    const started = performance.now();
    for (;;) {
      const batch = await store.readAll(cursor, 5000);
      if (batch.length === 0) break;
      count += batch.length;
      const last = batch[batch.length - 1]!;
      cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
    const rate = count / ((performance.now() - started) / 1000);
    const target = pass === 'repeated read' ? (rate >= 100000 ? 'target >= 100,000: met' : 'target >= 100,000: MISSED') : '';
    report(`$all ${pass} (${count.toLocaleString('en')} events)`, `${Math.round(rate).toLocaleString('en')} /s`, target);
  }
}

// 4. subscriber lag (append recorded -> handler called) while 8 writers append
{
  const tail = await store.readAll(START, 10_000_000);
  const from = { transactionId: tail[tail.length - 1]!.transactionId, globalPosition: tail[tail.length - 1]!.globalPosition };
  const lags: number[] = [];
  const prefix = `bench-lag-${randomUUID()}`;
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const sub = new Subscription(store, notifier, testLogger, {
    from,
    batchSize: 500,
    handler: async (events: StoredEvent[]) => {
      const now = Date.now();
      for (const e of events) if (e.streamId.startsWith(prefix)) lags.push(now - e.recordedAt.getTime());
      if (lags.length >= LAG_EVENTS) resolve();
    },
  });
  await parallel(8, LAG_EVENTS, async (w, i) => {
    await store.append(`${prefix}-${w}`, 'bench', [{ type: 'ItemScanned', data: payload(i) }]);
  });
  await done;
  await sub.stop();
  lags.sort((a, b) => a - b);
  report(`subscriber lag p50 under load (${LAG_EVENTS} events)`, `${percentile(lags, 50)} ms`);
  report('subscriber lag p99 under load', `${percentile(lags, 99)} ms`);
}

await tp.close();
const missed = rows.filter((r) => r[2].includes('MISSED')).length;
console.log(`\n${missed === 0 ? 'all targets met' : `${missed} target(s) missed`}`);
