// npm run bench:ingest — 20 simulated readers publish tag reads at rising rates (the simulators' own
// load generator, in its own process). Measured in the same run: the rate the broker alone (aedes,
// as embedded) carries to a bare subscriber, and the rate the back-office ingests end to end (parsed,
// deduplicated, delivered to a consumer on the observation bus), their ratio, publish-to-consumer
// latency p50/p99 per step and the server's peak RSS. Targets (2-core machine): >= 10,000 reads/s end
// to end, >= 0.7 x the broker-only rate, p99 <= 50 ms at 2,000 reads/s, RSS <= 400 MB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ObservationBus } from '@rfid/backend/modules/readers/readers.public';
import { createTestApp } from '@rfid/backend/testing/test-app';
import { PROBE_EVERY, probeOf } from '@rfid/simulators';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { freePort } from '../api/reader-fixtures.js';

const READERS = Number(process.env.BENCH_READERS ?? 20);
const STEPS = process.env.BENCH_STEPS ?? '2000x6,5000x6,10000x6,20000x6,maxx6';
const BATCH = Number(process.env.BENCH_BATCH ?? 10);
/** 1: the readers publish at QoS 1, so the back-office journals each read before the broker acknowledges it (the broker alone acknowledges at once). */
const QOS = Number(process.env.BENCH_QOS ?? 0);
const MB = 1024 * 1024;
const CLI = fileURLToPath(new URL('../../../simulators/dist/cli.js', import.meta.url));

interface StepTally {
  count: number;
  last: number;
  latencies: number[];
}

/** Reads received per load step: how many, over how long, and their latencies (a probe received stands for PROBE_EVERY messages of BATCH reads). */
class Tally {
  readonly steps: StepTally[] = [];
  /** When each step began: the generator's steps follow one another. */
  readonly started: number[] = [];
  add(epc: string): void {
    const probe = probeOf(epc);
    if (!probe) return;
    const now = performance.now();
    const s = (this.steps[probe.step] ??= { count: 0, last: now, latencies: [] });
    s.count += BATCH * PROBE_EVERY;
    s.last = now;
    s.latencies.push(probe.latencyMs);
  }
  total(): number {
    return this.steps.reduce((n, s) => n + (s?.count ?? 0), 0);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
/** Reads a second a step carried: from the step's start to its last read received. */
const rateOf = (tally: Tally, step: number) => {
  const s = tally.steps[step];
  const started = tally.started[step];
  return s && started !== undefined && s.last > started ? s.count / ((s.last - started) / 1000) : 0;
};


/** Runs the simulators' load generator against `url` with these readers; resolves with what it says it sent per step. */
async function runLoad(url: string, readers: { code: string; password: string }[], tally: Tally): Promise<{ step: number; rate: number | 'max'; sent: number; seconds: number }[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-')), 'readers.json');
  fs.writeFileSync(file, JSON.stringify(readers.map((r) => ({ ...r, format: 'SIMPLE' }))));
  const child = spawn(process.execPath, [CLI, 'load', '--url', url, '--readers-file', file, '--steps', STEPS, '--batch', String(BATCH), '--qos', String(QOS), '--heartbeat', '0', '--wait-go'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const reports: { step: number; rate: number | 'max'; sent: number; seconds: number }[] = [];
  for await (const line of readline.createInterface({ input: child.stdout! })) {
    const report = JSON.parse(line) as { ready?: boolean; done?: boolean; step?: number };
    if (report.ready) {
      child.stdin!.write('go\n');
      tally.started[0] = performance.now();
    } else if (report.done) break;
    else if (report.step !== undefined) {
      tally.started[report.step + 1] = performance.now();
      reports.push(report as (typeof reports)[number]);
      process.stdout.write('.');
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the load generator stopped with ${code}`);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  // what was sent has arrived, or the count has not moved for 10 s (QoS 0: the broker may drop)
  const sent = reports.reduce((n, r) => n + r.sent, 0) - BATCH * PROBE_EVERY * READERS;
  for (let last = -1, still = 0; tally.total() < sent && still < 10; still = tally.total() === last ? still + 1 : 0) {
    last = tally.total();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  process.stdout.write('\n');
  return reports;
}

/** The server's peak RSS, sampled. */
function watchMemory(): { peak: () => number; stop: () => void } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

console.log(`ingest benchmark — node ${process.version}, ${READERS} readers, steps ${STEPS} (reads/s x seconds), ${BATCH} reads a message, QoS ${QOS}${QOS ? " (each journaled before it is acknowledged)" : ""}\n`);

// 1. The broker alone: aedes as embedded, without sign-in, and a bare subscriber counting the reads.
const brokerTally = new Tally();
{
  const broker = await Aedes.createBroker({ concurrency: 1000 });
  const port = await freePort();
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
  await subscriber.subscribeAsync('rfid/readers/+/events', { qos: 0 });
  subscriber.on('message', (_topic, payload) => brokerTally.add((JSON.parse(payload.toString()) as { reads: { epc: string }[] }).reads[0]!.epc));
  process.stdout.write('broker alone ');
  const readers = Array.from({ length: READERS }, (_, i) => ({ code: `BENCH-${i}`, password: 'x' }));
  await runLoad(`mqtt://127.0.0.1:${port}`, readers, brokerTally);
  await subscriber.endAsync(true);
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

// 2. The back-office: its embedded broker, readers registered through the API, a consumer on the bus.
const appTally = new Tally();
const port = await freePort();
const t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, logLevel: process.env.LOG_LEVEL ?? 'warn' });
const admin = await t.adminToken();
const readers: { code: string; password: string }[] = [];
for (let i = 0; i < READERS; i++) {
  const res = await t.api(admin).post('/api/readers').send({ code: `BENCH-${i}`, name: `Bench gate ${i}`, kind: 'GATE', format: 'SIMPLE', antennas: [{ port: 1, power: 27 }, { port: 2, power: 27 }] });
  if (res.status !== 201) throw new Error(`registering a reader: ${res.status} ${JSON.stringify(res.body)}`);
  readers.push({ code: res.body.credentials.username, password: res.body.credentials.password });
}
t.app.get(ObservationBus).register({ name: 'bench', consume: async (batch) => batch.forEach((o) => appTally.add(o.epc)) });
global.gc?.();
const memory = watchMemory();
process.stdout.write('back-office  ');
const reports = await runLoad(`mqtt://127.0.0.1:${port}`, readers, appTally);
memory.stop();
const stored = await t.platform.db.selectFrom('tag_sightings').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
await t.close();

// 3. The numbers.
console.log(`\n${'step (reads/s)'.padEnd(16)}${'published/s'.padStart(13)}${'broker/s'.padStart(11)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'back-office/s'.padStart(15)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
for (const r of reports) {
  const b = brokerTally.steps[r.step];
  const a = appTally.steps[r.step];
  const [brokerRate, appRate] = [rateOf(brokerTally, r.step), rateOf(appTally, r.step)];
  const f = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  console.log(
    `${String(r.rate).padEnd(16)}${f(r.sent / r.seconds).padStart(13)}${f(brokerRate).padStart(11)}${ms(percentile(b?.latencies ?? [], 50)).padStart(9)}${ms(percentile(b?.latencies ?? [], 99)).padStart(9)}` +
      `${f(appRate).padStart(15)}${ms(percentile(a?.latencies ?? [], 50)).padStart(9)}${ms(percentile(a?.latencies ?? [], 99)).padStart(9)}`,
  );
}
const brokerMax = Math.max(...reports.map((r) => rateOf(brokerTally, r.step)));
const appMax = Math.max(...reports.map((r) => rateOf(appTally, r.step)));
const p99At2000 = percentile(appTally.steps[reports.findIndex((r) => r.rate === 2000)]?.latencies ?? [], 99);
const sentTotal = reports.reduce((n, r) => n + r.sent, 0);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(`
reads published ${sentTotal.toLocaleString('en')}; delivered: broker alone ${brokerTally.total().toLocaleString('en')}, back-office ${appTally.total().toLocaleString('en')} (tag sightings stored: ${Number(stored.n).toLocaleString('en')})
end to end, best step       ${Math.round(appMax).toLocaleString('en').padStart(8)} reads/s   target >= 10,000: ${verdict(appMax >= 10_000)}
broker alone, best step     ${Math.round(brokerMax).toLocaleString('en').padStart(8)} reads/s
ratio                       ${(appMax / brokerMax).toFixed(2).padStart(8)}           target >= 0.70: ${verdict(appMax / brokerMax >= 0.7)}
p99 latency at 2,000/s      ${p99At2000.toFixed(1).padStart(8)} ms        target <= 50: ${verdict(p99At2000 <= 50)}
server peak RSS             ${(memory.peak() / MB).toFixed(0).padStart(8)} MB        target <= 400: ${verdict(memory.peak() / MB <= 400)}`);
process.exit(0);
