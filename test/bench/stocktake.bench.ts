// npm run bench:stocktake — a stocktake of a zone of 100,000 tagged samples (stored through the event
// store before the server starts) receives their 100,000 distinct EPCs, each read REPEATS times, from
// handhelds published by a process of their own as fast as the ingest takes them, against the server as
// `npm start` runs it (its own process, real HTTP and MQTT). Printed: the time to create the stocktake
// (its expected list), the read rate, the time from the last read published to the exact final result
// (found = expected on the API), p50/p95 of the result-lines query with filters, and the server's RSS
// and peak while counting. Targets: reconcile <= 2 s, lines p95 <= 50 ms, RSS <= 400 MB.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { MasterDataKey, StocktakeDetail } from '@rfid/contracts';
import { ADMIN_PASSWORD, createTestDatabase } from '@rfid/backend/testing/test-platform';
import { freePort } from '../api/reader-fixtures.js';
import { startServerProcess } from '@rfid/backend/testing/server-process';
import { memoryOf, resetPeak, startFlags } from './server-process.js';
import { stocktakeBenchEpc } from './stocktake-epcs.js';

const ITEMS = Number(process.env.BENCH_STOCKTAKE_ITEMS ?? 100_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const HANDHELDS = Number(process.env.BENCH_HANDHELDS ?? 4);
const LINE_QUERIES = Number(process.env.BENCH_LINE_QUERIES ?? 200);
const PUBLISHER = fileURLToPath(new URL('./stocktake-publisher.js', import.meta.url));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

const flags = startFlags();
console.log(`stocktake benchmark — node ${process.version}, server flags: ${flags.join(' ') || 'none'}; ${ITEMS.toLocaleString('en')} expected samples, each tag read ${REPEATS} times by ${HANDHELDS} handhelds\n`);
const database = await createTestDatabase();
const mqttPort = await freePort();
// the first start migrates the database and makes the catalogues' owner; the seeding needs both
let { process: server, url: base, pid } = await startServerProcess(database.url, { MQTT_PORT: String(mqttPort) }, flags);

async function call<T>(method: string, urlPath: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const login = async () => (await call<{ accessToken: string }>('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).body.accessToken;
let token = await login();
const ids = {} as Record<MasterDataKey, string>;
for (const key of ['seasons', 'stages', 'types', 'sizes', 'genders', 'categories', 'customers', 'zones'] as MasterDataKey[]) {
  const res = await call<{ id: string }>('POST', `/api/master-data/${key}`, { code: `${key.slice(0, 3).toUpperCase()}1`, name: `${key} 1` }, token);
  if (res.status !== 201) throw new Error(`master data: ${res.status} ${JSON.stringify(res.body)}`);
  ids[key] = res.body.id;
}
const zoneId = ids.zones;
const readers: { code: string; password: string; events: string; id: string }[] = [];
for (let i = 0; i < HANDHELDS; i++) {
  const res = await call<{ reader: { id: string; topics: { events: string } }; credentials: { username: string; password: string } }>(
    'POST',
    '/api/readers',
    { code: `BENCH-HH-${i}`, name: `Handheld ${i}`, kind: 'HANDHELD', format: 'SIMPLE', zoneId, operatingMode: 'AUTOMATIC', deviceMode: 'COUNTING', antennas: [{ port: 1, power: 20 }] },
    token,
  );
  readers.push({ code: res.body.credentials.username, password: res.body.credentials.password, events: res.body.reader.topics.events, id: res.body.reader.id });
}
server.kill('SIGTERM');
await once(server, 'exit');

// 1. The zone's samples and their tags, straight through the event store (as an import writes them), by a process of its own.
let started = performance.now();
const fields = { name: 'Giày mẫu', modelName: 'Runner', artNumber: 'ART', seasonId: ids.seasons, stageId: ids.stages, typeId: ids.types, sizeId: ids.sizes, genderId: ids.genders, side: 'LEFT', color: 'Đỏ', categoryId: ids.categories, customerId: ids.customers };
const seeding = spawn(process.execPath, [fileURLToPath(new URL('./stocktake-seed.js', import.meta.url))], {
  stdio: 'inherit',
  env: { ...process.env, SEED_DATABASE_URL: database.url, SEED_ITEMS: String(ITEMS), SEED_FIELDS: JSON.stringify(fields), SEED_ZONE: zoneId },
});
const [seeded] = (await once(seeding, 'exit')) as [number | null];
if (seeded !== 0) throw new Error(`seeding stopped with ${seeded}`);
console.log(`seeded ${ITEMS.toLocaleString('en')} samples with their tags in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// 2. The server again, on the seeded database; the stocktake, its expected list taken at creation.
({ process: server, url: base, pid } = await startServerProcess(database.url, { MQTT_PORT: String(mqttPort) }, flags));
token = await login();
const afterStart = memoryOf(pid).rss;
resetPeak(pid);
started = performance.now();
const created = await call<StocktakeDetail>('POST', '/api/stocktakes', { name: 'Bench', zoneIds: [zoneId], readerIds: readers.map((r) => r.id) }, token);
if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
const createMs = performance.now() - started;
const createPeak = memoryOf(pid).peak;
const stocktake = created.body;
const start = await call('POST', `/api/stocktakes/${stocktake.id}/start`, {}, token);
if (start.status >= 300) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);

// 3. The reads, from the publisher's own process.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stocktake-'));
fs.writeFileSync(path.join(dir, 'readers.json'), JSON.stringify(readers));
fs.writeFileSync(path.join(dir, 'epcs.txt'), Array.from({ length: ITEMS }, (_, i) => stocktakeBenchEpc(i)).join('\n'));
const beforeReads = memoryOf(pid).rss;
resetPeak(pid);
const child = spawn(process.execPath, [PUBLISHER, `mqtt://127.0.0.1:${mqttPort}`, path.join(dir, 'readers.json'), path.join(dir, 'epcs.txt'), String(REPEATS)], { stdio: ['pipe', 'pipe', 'inherit'] });
let sendStarted = 0;
let report: { lastPublishedAt: number; reads: number } | undefined;
for await (const line of readline.createInterface({ input: child.stdout! })) {
  const message = JSON.parse(line) as { ready?: boolean; done?: boolean; lastPublishedAt?: number; reads?: number };
  if (message.ready) {
    sendStarted = Date.now();
    child.stdin!.write('go\n');
  } else if (message.done) {
    report = { lastPublishedAt: message.lastPublishedAt!, reads: message.reads! };
    break;
  }
}
let detail: StocktakeDetail;
for (;;) {
  detail = (await call<StocktakeDetail>('GET', `/api/stocktakes/${stocktake.id}`, undefined, token)).body;
  if (detail.totals.found >= ITEMS) break;
  if (Date.now() - report!.lastPublishedAt > 120_000) throw new Error(`not reconciled: ${JSON.stringify(detail.totals)}`);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const reconcileMs = Date.now() - report!.lastPublishedAt;
const countingPeak = memoryOf(pid).peak;
const readRate = report!.reads / ((report!.lastPublishedAt - sendStarted) / 1000);

// 4. The result lines, as the page asks for them: filters, search, sort, pages.
const queries = ['result=ALL', 'result=ALL&found=MISSING', 'result=ABNORMAL', 'result=IGNORE', 'result=ALL&q=ST-00012', 'result=ALL&sort=result:desc&page=50'];
const times: number[] = [];
for (let i = 0; i < LINE_QUERIES; i++) {
  const t0 = performance.now();
  const res = await call('GET', `/api/stocktakes/${stocktake.id}/lines?size=50&${queries[i % queries.length]}`, undefined, token);
  if (res.status !== 200) throw new Error(`lines: ${res.status}`);
  times.push(performance.now() - t0);
}
server.kill('SIGTERM');
await once(server, 'exit');
await database.drop();
fs.rmSync(dir, { recursive: true, force: true });

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(`
server RSS after its start on the seeded database  ${afterStart.toFixed(0)} MB
create (expected list of ${detail.totals.expected.toLocaleString('en')})  ${(createMs / 1000).toFixed(2)} s, server peak ${createPeak.toFixed(0)} MB
reads published          ${report!.reads.toLocaleString('en')} at ${Math.round(readRate).toLocaleString('en')} reads/s
found / missing / abnormal ${detail.totals.found} / ${detail.totals.missing} / ${detail.totals.abnormal}
reconciled after the last read  ${(reconcileMs / 1000).toFixed(2).padStart(6)} s     target <= 2 s: ${verdict(reconcileMs <= 2000)}
result lines p50 / p95   ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms   target p95 <= 50 ms: ${verdict(percentile(times, 95) <= 50)}
server RSS before the reads ${beforeReads.toFixed(0)} MB, peak while counting ${countingPeak.toFixed(0)} MB   target <= 400 MB: ${verdict(countingPeak <= 400)}`);
process.exit(0);
