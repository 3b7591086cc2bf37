// npm run bench:dashboard — a month of a busy warehouse (about 1,000,000 events: gate passes and their
// alerts, samples registered and tagged, tags spoiled and replaced, tickets of products and of samples
// with their stock movements) stored through the event store on a clock walking through the 30 days,
// by a process of its own, before the server starts; then against the server as `npm start` runs it
// (its own process, real HTTP, MQTT and socket.io): p50/p95 of GET /api/dashboard for 30 and 7 days in
// Viet Nam's time zone, and the time for a push to change an open dashboard (a simulated gate publishes
// a pass of an unknown tag → the `alert` push reaches a socket.io client → the dashboard read anew, as
// the page does on that push, answers the raised alert). Baselines: PostgreSQL alone (a trivial query,
// count(*) of the events) and each part of the dashboard's figures timed on its own.
// Targets: the dashboard's answer p95 <= 100 ms; the push changing an open dashboard p95 <= 1 s.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DASHBOARD_LATEST, REALTIME_EVENTS, REALTIME_PATH, TIME_ZONE_HEADER, type AlertView, type DashboardView, type MasterDataKey } from '@rfid/contracts';
import { alertFigures } from '@rfid/backend/modules/alerts/alerts.public';
import { GATE_ALARM_PROCESSOR } from '@rfid/backend/modules/alerts/processors/gate-alarm.processor';
import { NOTIFICATIONS_PROCESSOR } from '@rfid/backend/modules/notifications/processors/notifications.processor';
import { gatePassFigures } from '@rfid/backend/modules/gates/gates.public';
import { MODULES } from '@rfid/backend/modules/modules';
import { readerFigures } from '@rfid/backend/modules/readers/readers.public';
import { linkFlow } from '@rfid/backend/modules/reports/reports.public';
import { tagFigures } from '@rfid/backend/modules/rfid/rfid.public';
import { sampleFigures } from '@rfid/backend/modules/samples/samples.public';
import { stocktakesInProgress } from '@rfid/backend/modules/stocktakes/stocktakes.public';
import { openTicketCounts, samplesOut, stockFlow, ticketFlow } from '@rfid/backend/modules/tickets/tickets.public';
import { Platform } from '@rfid/backend/platform/platform';
import { lastLocalDays, startOfLocalDay } from '@rfid/backend/platform/time-zone';
import { ADMIN_PASSWORD, createTestDatabase, testConfig, testLogger } from '@rfid/backend/testing/test-platform';
import { SimulatedReader } from '@rfid/simulators';
import { sql } from 'kysely';
import { io } from 'socket.io-client';
import { freePort } from '../api/reader-fixtures.js';
import type { SeedRefs } from './dashboard-seed.js';
import { startServerProcess } from '@rfid/backend/testing/server-process';
import { startFlags } from './server-process.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const QUERIES = Number(process.env.BENCH_DASHBOARD_QUERIES ?? 200);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 20);
const ZONE = 'Asia/Ho_Chi_Minh';
const GATES = 4;
const PRODUCTS = 20;
/** The processors a server without SMTP runs. */
const PROCESSORS = [NOTIFICATIONS_PROCESSOR, GATE_ALARM_PROCESSOR];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const ms = (v: number) => v.toFixed(1).padStart(8);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
async function timed(n: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times;
}

const flags = startFlags();
console.log(`dashboard benchmark — node ${process.version}, server flags: ${flags.join(' ') || 'none'}; about ${EVENTS.toLocaleString('en')} events over ${DAYS} days\n`);
const database = await createTestDatabase();
const mqttPort = await freePort();
const serverEnv = { DATABASE_URL: database.url, ADMIN_PASSWORD, MQTT_PORT: String(mqttPort) };
// the first start migrates the database; the month's references (catalogues, gates, products) are made through the API
let { process: server, url: base } = await startServerProcess(database.url, serverEnv, flags);

async function call<T>(method: string, urlPath: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
async function made<T>(what: string, urlPath: string, body: unknown, token: string): Promise<T> {
  const res = await call<T>('POST', urlPath, body, token);
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const login = async () => (await call<{ accessToken: string }>('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).body.accessToken;
let token = await login();
const ids = {} as Record<MasterDataKey, string>;
const zones: string[] = [];
for (const key of ['seasons', 'stages', 'types', 'sizes', 'genders', 'categories', 'customers', 'zones'] as MasterDataKey[]) {
  ids[key] = (await made<{ id: string }>('master data', `/api/master-data/${key}`, { code: `${key.slice(0, 3).toUpperCase()}1`, name: `${key} 1` }, token)).id;
}
zones.push(ids.zones, (await made<{ id: string }>('zone', '/api/master-data/zones', { code: 'ZON2', name: 'Kho B' }, token)).id);
type Registered = { reader: { id: string; code: string; name: string; topics: { events: string; mgmt: string; commands: string; responses: string } }; credentials: { username: string; password: string } };
const gates: Registered[] = [];
for (let i = 1; i <= GATES; i++) {
  gates.push(await made<Registered>('gate', '/api/readers', { code: `BENCH-GATE-${i}`, name: `Cổng ${i}`, kind: 'GATE', format: 'SIMPLE', operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] }, token));
}
for (let i = 1; i <= 2; i++) await made('handheld', '/api/readers', { code: `BENCH-HH-${i}`, name: `Máy cầm tay ${i}`, kind: 'HANDHELD', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }] }, token);
const products: SeedRefs['products'] = [];
for (let i = 1; i <= PRODUCTS; i++) {
  const p = await made<{ id: string; code: string; name: string }>('product', '/api/products', { code: `SP-${i}`, name: `Sản phẩm ${i}`, unit: 'cái', quantityPerBox: 1, supplierId: ids.customers }, token);
  products.push({ id: p.id, code: p.code, name: p.name });
}
server.kill('SIGTERM');
await once(server, 'exit');

// 1. The month, by a process of its own.
let started = performance.now();
const refs: SeedRefs = {
  fields: { name: 'Giày mẫu', modelName: 'Runner', artNumber: 'ART', seasonId: ids.seasons, stageId: ids.stages, typeId: ids.types, sizeId: ids.sizes, genderId: ids.genders, side: 'LEFT', color: 'Đỏ', categoryId: ids.categories, customerId: ids.customers },
  zones,
  supplierId: ids.customers,
  gates: gates.map((g) => ({ id: g.reader.id, code: g.reader.code, name: g.reader.name })),
  products,
};
const seeding = spawn(process.execPath, [fileURLToPath(new URL('./dashboard-seed.js', import.meta.url))], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, SEED_DATABASE_URL: database.url, SEED_EVENTS: String(EVENTS), SEED_DAYS: String(DAYS), SEED_REFS: JSON.stringify(refs) },
});
let summary: { events: number; samples: number; tickets: number } | undefined;
for await (const line of readline.createInterface({ input: seeding.stdout! })) {
  if (line.startsWith('{')) summary = JSON.parse(line);
  else console.log(line);
}
const [seeded] = (await once(seeding, 'exit')) as [number | null];
if (seeded !== 0 || !summary) throw new Error(`seeding stopped with ${seeded}`);
const seedSeconds = (performance.now() - started) / 1000;
console.log(`seeded ${summary.events.toLocaleString('en')} events (${summary.samples.toLocaleString('en')} samples, ${summary.tickets.toLocaleString('en')} tickets) in ${seedSeconds.toFixed(0)} s`);

// 2. The server on the month; its processors first catch up with it (a server that ran through the month would have).
const platform = await Platform.create(testConfig(database.url), testLogger, MODULES, { listen: false });
const db = platform.db;
({ process: server, url: base } = await startServerProcess(database.url, serverEnv, flags));
started = performance.now();
const head = Number((await sql<{ n: string }>`select max(global_position) as n from events`.execute(db)).rows[0]!.n);
for (;;) {
  const rows = (await sql<{ name: string; at: string }>`select name, global_position as at from processor_checkpoints`.execute(db)).rows;
  if (PROCESSORS.every((name) => Number(rows.find((r) => r.name === name)?.at ?? 0) >= head)) break;
  if (performance.now() - started > 600_000) throw new Error(`processors behind after 10 minutes: ${JSON.stringify(rows)}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.log(`the server's processors caught up with the month in ${((performance.now() - started) / 1000).toFixed(0)} s`);
token = await login();

// 3. Baselines: PostgreSQL alone, and each part of the dashboard read on its own (Viet Nam's last 30 days).
const counts = (await sql<{ events: string; passes: string; alerts: string; links: string; tickets: string; moves: string }>`
  select (select count(*) from events) as events, (select count(*) from gate_passes) as passes, (select count(*) from alerts) as alerts,
         (select count(*) from tag_link_history) as links, (select count(*) from tickets) as tickets, (select count(*) from stock_movements) as moves`.execute(db)).rows[0]!;
console.log(`stored: ${Object.entries(counts).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', ')}\n`);
await sql`analyze`.execute(db);
const baseline = await timed(QUERIES, () => sql`select 1`.execute(db));
const countAll = await timed(20, () => sql`select count(*) from events`.execute(db));
const days = lastLocalDays(30, ZONE, new Date());
const since = startOfLocalDay(days[0]!, ZONE);
const today = startOfLocalDay(days.at(-1)!, ZONE);
const parts: [string, () => Promise<unknown>][] = [
  ['samples (sampleFigures)', () => sampleFigures(db)],
  ['samples out (samplesOut)', () => samplesOut(db)],
  ['tags (tagFigures)', () => tagFigures(db)],
  ['readers (readerFigures)', () => readerFigures(db)],
  ['open tickets (openTicketCounts)', () => openTicketCounts(db)],
  ['tickets created and closed, 30 days (ticketFlow)', () => ticketFlow(db, since)],
  ['stock in and out, 30 days (stockFlow)', () => stockFlow(db, since)],
  ['stocktakes (stocktakesInProgress)', () => stocktakesInProgress(db)],
  ['alerts, 30 days (alertFigures)', () => alertFigures(db, since, today, DASHBOARD_LATEST)],
  ["passes today (gatePassFigures)", () => gatePassFigures(db, today, DASHBOARD_LATEST)],
  ['links, 30 days (linkFlow)', () => linkFlow(db, since)],
];
console.log(`${'on its own'.padEnd(44)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}`);
console.log(`${'PostgreSQL: select 1'.padEnd(44)}${ms(percentile(baseline, 50))}${ms(percentile(baseline, 95))}`);
console.log(`${'PostgreSQL: select count(*) from events'.padEnd(44)}${ms(percentile(countAll, 50))}${ms(percentile(countAll, 95))}`);
for (const [name, run] of parts) {
  const times = await timed(Math.max(10, QUERIES / 4), run);
  console.log(`${name.padEnd(44)}${ms(percentile(times, 50))}${ms(percentile(times, 95))}`);
}

// 4. The dashboard's answer, as the page asks for it.
const zoneHeader = { [TIME_ZONE_HEADER]: ZONE };
const dashboard = async (span: number) => {
  const res = await call<DashboardView>('GET', `/api/dashboard?days=${span}`, undefined, token, zoneHeader);
  if (res.status !== 200) throw new Error(`dashboard: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const me = await timed(QUERIES, () => call('GET', '/api/auth/me', undefined, token));
const answers: Record<number, number[]> = {};
for (const span of [30, 7]) {
  await dashboard(span); // the first call warms the route and the plans
  answers[span] = await timed(QUERIES, () => dashboard(span));
}
const sample = await dashboard(30);
console.log(`
dashboard now: ${sample.samples!.total.toLocaleString('en')} samples (${sample.samples!.linked.toLocaleString('en')} tagged, ${sample.samples!.out} out), ${sample.activeAlerts} active alerts; today: ${sample.today.gatePasses?.toLocaleString('en')} passes, ${sample.today.alerts} alerts, ${sample.today.links} links; 30 days: ${sample.series.links!.reduce((a, b) => a + b, 0).toLocaleString('en')} links
${'over HTTP'.padEnd(44)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}
${'GET /api/auth/me (the HTTP path alone)'.padEnd(44)}${ms(percentile(me, 50))}${ms(percentile(me, 95))}
${'GET /api/dashboard?days=30'.padEnd(44)}${ms(percentile(answers[30]!, 50))}${ms(percentile(answers[30]!, 95))}
${'GET /api/dashboard?days=7'.padEnd(44)}${ms(percentile(answers[7]!, 50))}${ms(percentile(answers[7]!, 95))}`);

// 5. A push changing an open dashboard: an unknown tag through a gate, the alert pushed, the dashboard read anew.
const gate = gates[0]!;
const sim = await SimulatedReader.connect({ url: `mqtt://127.0.0.1:${mqttPort}`, code: gate.credentials.username, password: gate.credentials.password, format: 'SIMPLE', topics: gate.reader.topics, antennas: [1], heartbeatSeconds: 5 });
const socket = io(base, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
await new Promise<void>((resolve, reject) => {
  socket.once('connect', () => resolve());
  socket.once('connect_error', reject);
});
const waiting = new Map<string, (a: AlertView) => void>();
socket.on(REALTIME_EVENTS.ALERT, (a: AlertView) => a.epc && waiting.get(a.epc)?.(a));
const pushed: number[] = [];
const changed: number[] = [];
let stale = 0;
let active = (await dashboard(7)).activeAlerts!;
for (let i = 0; i < PUSHES; i++) {
  const epc = `EE${(0xbe0000 + i).toString(16).toUpperCase().padStart(22, '0')}`;
  const alerted = new Promise<AlertView>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no alert push for ${epc} within 10 s`)), 10_000);
    waiting.set(epc, (a) => (clearTimeout(timer), resolve(a)));
  });
  const t0 = performance.now();
  await sim.read([{ epc, antenna: 1, rssi: -55, count: 2 }]);
  await alerted;
  pushed.push(performance.now() - t0);
  const after = await dashboard(7);
  changed.push(performance.now() - t0);
  if (after.activeAlerts !== active + 1) stale++;
  active = after.activeAlerts!;
}
socket.close();
await sim.leave('goodbye');
server.kill('SIGTERM');
await once(server, 'exit');
await platform.close();
await database.drop();

const p95 = Math.max(percentile(answers[30]!, 95), percentile(answers[7]!, 95));
console.log(`${'publish → alert push received'.padEnd(44)}${ms(percentile(pushed, 50))}${ms(percentile(pushed, 95))}
${'publish → dashboard answering the alert'.padEnd(44)}${ms(percentile(changed, 50))}${ms(percentile(changed, 95))}${stale ? `   (${stale} of ${PUSHES} answers did not count the new alert yet)` : ''}

dashboard p95 / PostgreSQL select 1 p95     ${(p95 / percentile(baseline, 95)).toFixed(0)}x
dashboard p95 / count(*) of the events p95  ${(p95 / percentile(countAll, 95)).toFixed(2)}x
dashboard answer p95 ${p95.toFixed(1)} ms        target <= 100 ms: ${verdict(p95 <= 100)}
push to changed dashboard p95 ${percentile(changed, 95).toFixed(0)} ms   target <= 1 s: ${verdict(percentile(changed, 95) <= 1000 && stale === 0)}`);
process.exit(0);
