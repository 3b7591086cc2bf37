// npm run bench:samples — the sample list's Excel import and export and its list query, against the
// server as `npm start` runs it (its own process, real HTTP) on a fresh database. Targets (2-core
// machine): a 10,000-row import <= 10 s, an export of 50,000 samples <= 5 s, the server's peak RSS
// <= 400 MB, list p95 <= 50 ms with 200,000 samples stored, with a text search too.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { MasterDataKey } from '@rfid/contracts';
import { ADMIN_PASSWORD, createTestDatabase } from '@rfid/backend/testing/test-platform';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { startServerProcess } from '@rfid/backend/testing/server-process';
import { memoryOf, resetPeak, startFlags } from './server-process.js';

const STORED = Number(process.env.BENCH_SAMPLES ?? 200_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const LIST_QUERIES = Number(process.env.BENCH_LIST_QUERIES ?? 300);
const MB = 1024 * 1024;

const rows: [string, string, string][] = [];
const report = (name: string, value: string, target = '') => {
  rows.push([name, value, target]);
  console.log(`${name.padEnd(58)} ${value.padStart(14)}  ${target}`);
};
const verdict = (ok: boolean, target: string) => `target ${target}: ${ok ? 'met' : 'MISSED'}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const flags = startFlags();
console.log(`samples benchmark — node ${process.version}, server flags: ${flags.join(' ') || 'none'}\n`);
const database = await createTestDatabase();
const { process: server, url: base, pid } = await startServerProcess(database.url, {}, flags);
const db = new pg.Client({ connectionString: database.url });
await db.connect();

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const login = await call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
const token = ((await login.json()) as { accessToken: string }).accessToken;

// master data: a few items of each catalogue, as a sample room has them
const CATALOGUE_SIZES: Record<MasterDataKey, number> = { seasons: 8, stages: 4, sizes: 20, zones: 10, categories: 12, customers: 30, types: 5, genders: 3 };
const items = {} as Record<MasterDataKey, { id: string; name: string }[]>;
for (const [key, count] of Object.entries(CATALOGUE_SIZES) as [MasterDataKey, number][]) {
  items[key] = [];
  for (let i = 0; i < count; i++) {
    const res = await call('POST', `/api/master-data/${key}`, { code: key === 'zones' ? `Z${i}` : `${key.slice(0, 3)}-${i}`, name: `${key} ${i} – mẫu` }, token);
    const body = (await res.json()) as { id: string; name: string };
    if (res.status !== 201) throw new Error(`master data: ${res.status} ${JSON.stringify(body)}`);
    items[key].push(body);
  }
}
const pick = <T>(list: T[], i: number) => list[i % list.length]!;

/** Stores samples `from`..`to` (exclusive) through the event store, from a process of its own (samples-seed.ts). */
async function seed(from: number, to: number): Promise<number> {
  const started = performance.now();
  const ids = Object.fromEntries(Object.entries(items).map(([key, list]) => [key, list.map((i) => i.id)]));
  const child = spawn(process.execPath, [fileURLToPath(new URL('./samples-seed.js', import.meta.url))], {
    stdio: 'inherit',
    env: { ...process.env, SEED_DATABASE_URL: database.url, SEED_FROM: String(from), SEED_TO: String(to), SEED_ITEMS: JSON.stringify(ids) },
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding exited with ${code}`);
  return (performance.now() - started) / 1000;
}

/** An .xlsx of `n` sample rows with the template's header, written as a stream. */
async function importFile(n: number): Promise<Buffer> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Samples');
  sheet.addRow(['Sample code', 'Name', 'Model name', 'Art number', 'Season', 'Stage', 'Type', 'Size', 'Gender', 'Side', 'Color', 'Category', 'Supplier', 'Location']).commit();
  for (let i = 0; i < n; i++) {
    sheet
      .addRow([
        i % 10 === 0 ? null : `IMP-${String(i).padStart(6, '0')}`,
        `Giày nhập ${i} – bản thử`,
        `Model ${i % 113}`,
        `ART-I${i}`,
        pick(items.seasons, i).name,
        pick(items.stages, i).name,
        pick(items.types, i).name,
        pick(items.sizes, i).name,
        pick(items.genders, i).name,
        i % 2 ? 'LEFT' : 'RIGHT',
        `Màu ${i % 40}`,
        pick(items.categories, i).name,
        pick(items.customers, i).name,
        pick(items.zones, i).name,
      ])
      .commit();
  }
  sheet.commit();
  const [bytes] = await Promise.all([buffer(out), workbook.commit()]);
  return bytes;
}

const peakNote = resetPeak(pid) ? '' : ' (since start: clear_refs not writable)';
report('server RSS after start and master data', `${memoryOf(pid).rss.toFixed(0)} MB`);

// 1. import a 10,000-row file (EXPORT_ROWS - IMPORT_ROWS stored before it)
{
  const seeded = EXPORT_ROWS - IMPORT_ROWS;
  report(`seeding ${seeded.toLocaleString('en')} samples (batched appends)`, `${(await seed(0, seeded)).toFixed(1)} s`);
  const file = await importFile(IMPORT_ROWS);
  report(`import file: ${IMPORT_ROWS.toLocaleString('en')} rows`, `${(file.length / MB).toFixed(2)} MB`);
  resetPeak(pid);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'samples.xlsx');
  const started = performance.now();
  const res = await fetch(`${base}/api/samples/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { created?: number };
  const took = (performance.now() - started) / 1000;
  if (res.status !== 201 || body.created !== IMPORT_ROWS) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  const { peak } = memoryOf(pid);
  report(`import ${IMPORT_ROWS.toLocaleString('en')} rows (upload, read, check, write)`, `${took.toFixed(2)} s`, verdict(took <= 10, '<= 10 s'));
  report(`server peak RSS during the import${peakNote}`, `${peak.toFixed(0)} MB`, verdict(peak <= 400, '<= 400 MB'));
}

// 2. export 50,000 samples (all that are stored now)
{
  const { rows: count } = await db.query<{ n: number }>('select count(*)::int as n from samples where deleted_at is null');
  resetPeak(pid);
  const started = performance.now();
  const res = await fetch(`${base}/api/samples/export`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  const took = (performance.now() - started) / 1000;
  const { peak } = memoryOf(pid);
  report(`export ${count[0]!.n.toLocaleString('en')} samples (${(bytes / MB).toFixed(1)} MB .xlsx)`, `${took.toFixed(2)} s`, verdict(took <= 5, '<= 5 s'));
  report(`server peak RSS during the export${peakNote}`, `${peak.toFixed(0)} MB`, verdict(peak <= 400, '<= 400 MB'));
}

// 3. the list query with 200,000 samples stored: filters, sort and paging as the screen sends them
{
  report(`seeding to ${STORED.toLocaleString('en')} samples`, `${(await seed(EXPORT_ROWS, STORED)).toFixed(1)} s`);
  // planner statistics, the visibility map and the trigram indexes' pending entries of every table, as
  // autovacuum keeps them on a live database
  await db.query('vacuum analyze');
  const { seasons, stages, types, sizes, genders, categories, customers, zones } = items;
  const queries = [
    '',
    'sort=name:asc',
    `seasonId=${seasons[3]!.id}`,
    `categoryId=${categories[5]!.id}&side=LEFT&sort=sampleCode:asc`,
    `customerId=${customers[7]!.id}&linked=false&sort=updatedAt:desc&page=5&size=20`,
    `sizeId=${sizes[2]!.id}&genderId=${genders[1]!.id}&sort=createdAt:desc&size=50`,
    `seasonId=${seasons[1]!.id}&categoryId=${categories[1]!.id}&sort=artNumber:desc&page=3`,
    `zoneId=${zones[4]!.id}&stageId=${stages[2]!.id}&typeId=${types[3]!.id}&sort=modelName:asc&size=30`,
    `zoneId=${zones[1]!.id}&customerId=${customers[2]!.id}&sizeId=${sizes[9]!.id}`,
    'linked=true',
    'linked=false&sort=usageCount:desc&page=2',
  ];
  const searches = ['q=Giày mẫu 1234', 'q=ART-19999', `q=SEED-00150&seasonId=${seasons[0]!.id}`, 'q=Model 42&sort=name:asc', 'q=màu 7'];
  /** Runs the queries in turn, `n` requests in all: the latencies of all, and of each query with the total it answered. */
  const time = async (list: string[], n: number) => {
    const latencies: number[] = [];
    const byQuery = new Map(list.map((query) => [query, { latencies: [] as number[], total: 0 }]));
    for (let i = 0; i < n; i++) {
      const query = list[i % list.length]!;
      const started = performance.now();
      const res = await call('GET', `/api/samples?${query}`, undefined, token);
      const body = (await res.json()) as { total: number };
      const took = performance.now() - started;
      latencies.push(took);
      Object.assign(byQuery.get(query)!, { total: body.total }).latencies.push(took);
      if (res.status !== 200) throw new Error(`list ${query}: ${res.status} ${JSON.stringify(body)}`);
      if (query === '' && body.total !== STORED) throw new Error(`list total ${body.total}, expected ${STORED}`);
    }
    for (const q of byQuery.values()) q.latencies.sort((a, b) => a - b);
    return { all: latencies.sort((a, b) => a - b), byQuery };
  };
  await time([...queries, ...searches], queries.length + searches.length); // warm-up
  const lat = (await time(queries, LIST_QUERIES)).all;
  report(`list, filters + sort + paging (${LIST_QUERIES} requests) p50`, `${percentile(lat, 50).toFixed(1)} ms`);
  report('list, filters + sort + paging p95', `${percentile(lat, 95).toFixed(1)} ms`, verdict(percentile(lat, 95) <= 50, '<= 50 ms'));
  const text = await time(searches, Math.max(20, Math.floor(LIST_QUERIES / 3)));
  report('list with a text search (q) p50', `${percentile(text.all, 50).toFixed(1)} ms`);
  report('list with a text search (q) p95', `${percentile(text.all, 95).toFixed(1)} ms`, verdict(percentile(text.all, 95) <= 50, '<= 50 ms'));
  for (const [query, { latencies, total }] of text.byQuery) {
    report(`  ${decodeURIComponent(query).replace(/=[0-9a-f-]{36}/, '=…')} (${total.toLocaleString('en')} found) p50 / p95`, `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 95).toFixed(0)} ms`);
  }
}

server.kill('SIGTERM');
await once(server, 'exit');
await db.end();
await database.drop();
const missed = rows.filter((r) => r[2].includes('MISSED')).length;
console.log(`\n${missed === 0 ? 'all targets met' : `${missed} target(s) missed`}`);
