/*
 * npm run bench:scale — several servers on one broker (README, "Several servers").
 *
 * On the machine's PostgreSQL and Redis and a Mosquitto of its own with dynamic security, servers run as
 * `npm start` runs them (their own processes). (1) End-to-end reads/s: BENCH_READERS handhelds publish at
 * QoS 1 as fast as the broker takes them for BENCH_SECONDS (the simulators' load generator, its own process:
 * new tags among the repeated ones), with one server and then with two, the same load; a read counts once
 * the server that handles its reader has taken it in (journaled, deduplicated, on the bus: the servers'
 * `rfid_reads_total`). The limit, measured in the same run: a bare MQTT subscriber of the same broker
 * counting the same reads. (2) Failover: kill -9 of the gate's server, BENCH_KILLS times, while the gate
 * sees an unauthorised pass every 100 ms: the time to the first `alert` push from the survivor; p50/p95.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { REALTIME_EVENTS, REALTIME_PATH, type AlertView, type ReaderCreated } from '@rfid/contracts';
import { createTestDatabase } from '@rfid/backend/testing/test-platform';
import { SimulatedReader } from '@rfid/simulators';
import mqtt from 'mqtt';
import pg from 'pg';
import { io } from 'socket.io-client';
import { epc, registerReader, startMosquitto } from '../api/reader-fixtures.js';
import { BROKER_ADMIN, forgetSiteInRedis, siteEnvironment, startServer, type ServerProcess } from '../api/server-process.js';

const READERS = Number(process.env.BENCH_READERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const KILLS = Number(process.env.BENCH_KILLS ?? 5);
const QOS = process.env.BENCH_QOS === '0' ? 0 : 1;
const CLI = fileURLToPath(new URL('../../../simulators/dist/cli.js', import.meta.url));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const database = await createTestDatabase();
const broker = await startMosquitto({ dynamicSecurity: BROKER_ADMIN });
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
const env = { ...siteEnvironment(database.url, broker.url), LOG_LEVEL: process.env.BENCH_SERVER_LOG ? 'info' : 'warn' };
const servers: ServerProcess[] = [await startServer('bench-a', env)];
const token = await servers[0]!.login();
await servers[0]!.api(token).put('/api/system-settings').send({ gateAlarmAutoOffSeconds: 0, gateAlertWindowSeconds: 1 }).expect(200);
const handhelds: ReaderCreated[] = [];
for (let i = 0; i < READERS; i++) handhelds.push(await registerReader(servers[0]!, token, { code: `HH-BENCH-${i}`, kind: 'HANDHELD', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }] }));
const gate = await registerReader(servers[0]!, token, { code: 'GATE-BENCH', kind: 'GATE', format: 'SIMPLE', operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] });
const readersFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-')), 'readers.json');
fs.writeFileSync(readersFile, JSON.stringify(handhelds.map((h) => ({ code: h.credentials.username, password: h.credentials.password, format: 'SIMPLE' }))));

/** The sum of a series over the running servers' `/metrics`. */
async function metric(name: string): Promise<number> {
  let sum = 0;
  for (const s of servers.filter((x) => x.running)) {
    const text = (await s.api().get('/metrics')).text;
    for (const m of text.matchAll(new RegExp(`^${name}\\{[^}]*\\} ([0-9.e+]+)$`, 'gm'))) sum += Number(m[1]);
  }
  return sum;
}
const owned = async () => (await sql.query<{ n: number }>('select count(*)::int as n from reader_owners where expires_at > now()')).rows[0]!.n;

/** One load run: the reads the servers took in per second end to end, and the bare subscriber's. */
async function throughput(label: string): Promise<{ ours: number; limit: number }> {
  while ((await owned()) < READERS + 1) await pause(200);
  const bare = await mqtt.connectAsync(broker.url, { username: BROKER_ADMIN.admin, password: BROKER_ADMIN.password, clientId: `bench-bare-${label}` });
  let bareReads = 0;
  let bareLast = 0;
  bare.on('message', (_topic, payload) => {
    bareReads += (JSON.parse(payload.toString()) as { reads: unknown[] }).reads.length;
    bareLast = performance.now();
  });
  await bare.subscribeAsync('rfid/readers/+/events', { qos: QOS });
  const before = await metric('rfid_reads_total');
  const load = spawn(process.execPath, [CLI, 'load', '--url', broker.url, '--readers-file', readersFile, '--steps', `maxx${SECONDS}`, '--batch', '10', '--qos', String(QOS), '--heartbeat', '0', '--wait-go'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let sent = 0;
  let started = 0;
  const done = new Promise<void>((resolve) => {
    readline.createInterface({ input: load.stdout! }).on('line', (line) => {
      const report = JSON.parse(line) as { ready?: boolean; done?: boolean; sent?: number };
      if (report.ready) {
        started = performance.now();
        load.stdin!.write('go\n');
      }
      if (report.sent) sent += report.sent;
      if (report.done) resolve();
    });
  });
  await done;
  // the servers' count reaches what was published (or stops moving for 10 s)
  let taken = 0;
  let lastMove = performance.now();
  let tookAllAt = performance.now();
  while (performance.now() - lastMove < 10_000) {
    const now = (await metric('rfid_reads_total')) - before;
    if (now !== taken) {
      taken = now;
      lastMove = tookAllAt = performance.now();
    }
    if (taken >= sent) break;
    await pause(100);
  }
  await bare.endAsync();
  const ours = taken / ((tookAllAt - started) / 1000);
  const limit = bareReads / ((bareLast - started) / 1000);
  console.log(`${label.padEnd(12)} published ${sent.toLocaleString('en').padStart(9)}  taken in ${taken.toLocaleString('en').padStart(9)}  ${ours.toFixed(0).padStart(7)} reads/s   bare subscriber ${limit.toFixed(0).padStart(7)} reads/s   ratio ${(ours / limit).toFixed(2)}`);
  return { ours, limit };
}

console.log(`${READERS} handhelds publishing at QoS ${QOS} for ${SECONDS} s, as fast as the broker takes them`);
const one = await throughput('1 server');
servers.push(await startServer('bench-b', env));
const two = await throughput('2 servers');
console.log(`2 servers / 1 server: ${(two.ours / one.ours).toFixed(2)}`);

// failover: kill -9 of the gate's server, the gate passing an unknown tag every 100 ms
const sim = await SimulatedReader.connect({ url: broker.url, code: gate.credentials.username, password: gate.credentials.password, format: 'SIMPLE', topics: gate.reader.topics, antennas: [1], heartbeatSeconds: 2 });
let tag = 1;
const passes = setInterval(() => void sim.read([{ epc: epc(100_000 + tag++), antenna: 1, rssi: -50, count: 1 }]).catch(() => {}), 100);
const failovers: number[] = [];
for (let k = 0; k < KILLS; k++) {
  const ownerId = await (async () => {
    for (;;) {
      const row = (await sql.query<{ server_id: string }>('select server_id from reader_owners where reader_id = $1 and expires_at > now()', [gate.reader.id])).rows[0];
      if (row && servers.filter((s) => s.running).length === 2) return row.server_id;
      await pause(100);
    }
  })();
  const victim = servers.find((s) => s.id === ownerId && s.running)!;
  const survivor = servers.find((s) => s.id !== ownerId && s.running)!;
  const socket = io(survivor.url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  // the first alert of a pass published after the kill (every server pushes every alert, those of the dead one's last moments too)
  const firstAfter = tag;
  const killedAt = performance.now();
  const firstAlarm = new Promise<number>((resolve) => socket.on(REALTIME_EVENTS.ALERT, (a: AlertView) => Number.parseInt((a.epc ?? '').slice(2), 16) - 100_000 >= firstAfter && resolve(performance.now() - killedAt)));
  await victim.stop('SIGKILL');
  failovers.push(await firstAlarm);
  socket.close();
  if (process.env.BENCH_SERVER_LOG) fs.appendFileSync(process.env.BENCH_SERVER_LOG, [`== kill ${k + 1}: ${victim.id} killed`, ...victim.log, `== ${survivor.id} so far`, ...survivor.log.splice(0)].join('\n') + '\n');
  servers.splice(servers.indexOf(victim), 1, await startServer(victim.id, env));
  process.stdout.write(`kill ${k + 1}: the first alert from the survivor ${failovers.at(-1)!.toFixed(0)} ms after kill -9\n`);
}
clearInterval(passes);
const passCount = (await sql.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct epc)::int as distinct from gate_passes')).rows[0]!;
console.log(`failover (kill -9 → first alarm by the survivor) over ${KILLS} kills: p50 ${percentile(failovers, 50).toFixed(0)} ms, p95 ${percentile(failovers, 95).toFixed(0)} ms (lease ${process.env.READER_LEASE_SECONDS ?? 10} s)`);
console.log(`passes recorded ${passCount.n}, of distinct tags ${passCount.distinct}: ${passCount.n === passCount.distinct ? 'none twice' : `${passCount.n - passCount.distinct} TWICE`}; passes published ${tag - 1}`);

await sim.leave('goodbye');
for (const s of servers) await s.stop('SIGTERM');
await sql.end();
await broker.stop();
await forgetSiteInRedis(database.url);
await database.drop();
fs.rmSync(path.dirname(readersFile), { recursive: true, force: true });
process.exit(0);
