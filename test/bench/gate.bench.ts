// npm run bench:gate — while 20 other readers publish 2,000 reads/s in the background (the simulators'
// load generator, in its own process), a simulated one-antenna gate publishes unauthorised passes (a
// tag nobody registered, one at a time). Printed: p50/p99 from the MQTT publish of the pass to (a) the
// GateAlertRaised event committed (seen by a processor of the event store), (b) the `alert` push
// received by a connected socket.io client, and (c) the alarm's GPO command received by the gate; and
// (d) from the pass decided (its GateAlertRaised committed) to the alarm's GPO command at the gate.
// Baseline in the same run: publish to the observation reaching a consumer on the bus (the readers'
// ingest alone), with the ratio. Targets: p99 <= 50 ms for the push, p99 <= 100 ms for (d).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { REALTIME_EVENTS, type AlertView } from '@rfid/contracts';
import { ObservationBus } from '@rfid/backend/modules/readers/readers.public';
import { createTestApp } from '@rfid/backend/testing/test-app';
import { SimulatedReader } from '@rfid/simulators';
import { freePort } from '../api/reader-fixtures.js';
import { connected, socketClients } from '../api/socket-fixtures.js';

const PASSES = Number(process.env.BENCH_PASSES ?? 300);
const EVERY_MS = Number(process.env.BENCH_EVERY_MS ?? 50);
const BACKGROUND = Number(process.env.BENCH_BACKGROUND ?? 2000);
const BACKGROUND_READERS = 20;
const CLI = fileURLToPath(new URL('../../../simulators/dist/cli.js', import.meta.url));
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epcOf = (i: number) => `E2FF0BE7C0${i.toString(16).toUpperCase().padStart(14, '0')}`;

console.log(`gate benchmark — node ${process.version}, ${PASSES} unauthorised passes every ${EVERY_MS} ms, ${BACKGROUND.toLocaleString('en')} background reads/s from ${BACKGROUND_READERS} readers\n`);

const port = await freePort();
const t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, logLevel: process.env.LOG_LEVEL ?? 'warn' });
const url = `mqtt://127.0.0.1:${port}`;
const admin = await t.adminToken();
// every alert sounds until the run ends: the k-th "on" the gate gets answers the k-th alert
await t.api(admin).put('/api/system-settings').send({ gateAlarmAutoOffSeconds: 0 }).expect(200);
const register = async (body: Record<string, unknown>) => {
  const res = await t.api(admin).post('/api/readers').send({ format: 'SIMPLE', antennas: [{ port: 1, power: 27 }], ...body });
  if (res.status !== 201) throw new Error(`registering a reader: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { reader: { id: string; topics: { events: string; mgmt: string; commands: string; responses: string } }; credentials: { username: string; password: string } };
};
const gate = await register({ code: 'BENCH-GATE', name: 'Bench gate', kind: 'GATE', operatingMode: 'AUTOMATIC' });
const background: { code: string; password: string }[] = [];
for (let i = 0; i < BACKGROUND_READERS; i++) {
  const r = await register({ code: `BENCH-BG-${i}`, name: `Shelf ${i}`, kind: 'FIXED' });
  background.push({ code: r.credentials.username, password: r.credentials.password });
}

// What is measured, by pass: when published, when observed, committed, pushed, and the alarm commanded.
const published = new Map<string, number>();
const observed: number[] = [];
const committed: number[] = [];
const pushed: number[] = [];
const alarmed: number[] = [];
const decidedToAlarm: number[] = [];
const alertOrder: string[] = [];
const committedAt = new Map<string, number>();
t.app.get(ObservationBus).register({
  name: 'bench-baseline',
  consume: async (batch) => {
    const now = performance.now();
    for (const o of batch) {
      const at = o.readerCode === 'BENCH-GATE' ? published.get(o.epc) : undefined;
      if (at !== undefined) observed.push(now - at);
    }
  },
});
t.platform.processors.start({
  name: 'bench-alerts',
  handles: ['GateAlertRaised'],
  handle: async () => {},
  afterCommit: async (events) => {
    const now = performance.now();
    for (const e of events) {
      const epc = (e.data as { epc: string }).epc;
      alertOrder.push(epc);
      committedAt.set(epc, now);
      committed.push(now - published.get(epc)!);
    }
  },
});
const sockets = await socketClients(t);
const socket = sockets.connect({ token: admin });
await connected(socket);
socket.on(REALTIME_EVENTS.ALERT, (a: AlertView) => {
  const at = a.epc ? published.get(a.epc) : undefined;
  if (at !== undefined) pushed.push(performance.now() - at);
});
let outputs = 0;
const sim = await SimulatedReader.connect({
  url,
  code: gate.credentials.username,
  password: gate.credentials.password,
  format: 'SIMPLE',
  topics: gate.reader.topics,
  antennas: [1],
  heartbeatSeconds: 5,
  onOutput: (_port, on) => {
    // the k-th "on" answers the k-th alert
    const epc = on ? alertOrder[outputs++] : undefined;
    if (!epc) return;
    const now = performance.now();
    alarmed.push(now - published.get(epc)!);
    decidedToAlarm.push(now - committedAt.get(epc)!);
  },
});

// The background: the simulators' load generator at a steady rate for as long as the passes take, and a bit.
const seconds = Math.ceil((PASSES * EVERY_MS) / 1000) + 6;
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gate-')), 'readers.json');
fs.writeFileSync(file, JSON.stringify(background.map((r) => ({ ...r, format: 'SIMPLE' }))));
const load = spawn(process.execPath, [CLI, 'load', '--url', url, '--readers-file', file, '--steps', `${BACKGROUND}x${seconds}`, '--batch', '10', '--heartbeat', '0', '--wait-go'], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: load.stdout! });
const loadDone = new Promise<void>((resolve) => {
  lines.on('line', (line) => {
    const report = JSON.parse(line) as { ready?: boolean; done?: boolean };
    if (report.ready) load.stdin!.write('go\n');
    if (report.done) resolve();
  });
});
let peak = process.memoryUsage.rss();
const memory = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
await pause(3000); // the background running at its rate

for (let i = 0; i < PASSES; i++) {
  const epc = epcOf(i);
  published.set(epc, performance.now());
  await sim.read([{ epc, antenna: 1, rssi: -55, count: 2 }]);
  await pause(EVERY_MS);
}
const deadline = Date.now() + 15_000;
while ((pushed.length < PASSES || alarmed.length < PASSES || committed.length < PASSES) && Date.now() < deadline) await pause(100);
await loadDone;
clearInterval(memory);
const backgroundObservations = await t.platform.db.selectFrom('tag_sightings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

const row = (what: string, values: number[]) =>
  console.log(`${what.padEnd(40)}${String(values.length).padStart(6)}${percentile(values, 50).toFixed(1).padStart(10)}${percentile(values, 99).toFixed(1).padStart(10)}`);
console.log(`${'publish →'.padEnd(40)}${'n'.padStart(6)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}`);
row('observation on the bus (ingest alone)', observed);
row('(a) GateAlertRaised committed', committed);
row('(b) alert push received (socket.io)', pushed);
row('(c) alarm GPO command at the gate', alarmed);
console.log(`${'pass decided →'.padEnd(40)}`);
row('(d) alarm GPO command at the gate', decidedToAlarm);
const p99Push = percentile(pushed, 99);
const p99Alarm = percentile(decidedToAlarm, 99);
console.log(`
background tags seen by shelves      ${Number(backgroundObservations.n).toLocaleString('en')}
push p99 / ingest-alone p99          ${(p99Push / percentile(observed, 99)).toFixed(2)}
server peak RSS                      ${(peak / MB).toFixed(0)} MB
push p99 target <= 50 ms: ${p99Push <= 50 ? 'met' : 'MISSED'}${pushed.length < PASSES ? ` (only ${pushed.length} of ${PASSES} pushes arrived)` : ''}
alarm command p99 after the decision target <= 100 ms: ${p99Alarm <= 100 ? 'met' : 'MISSED'}${alarmed.length < PASSES ? ` (only ${alarmed.length} of ${PASSES} commands arrived)` : ''}`);
sockets.close();
await sim.leave('goodbye');
await t.close();
fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.exit(0);
