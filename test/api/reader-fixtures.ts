import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ReaderCreated, ReaderView } from '@rfid/contracts';
import { ObservationBus, type Observation } from '@rfid/backend/modules/readers/readers.public';
import { waitFor } from '@rfid/backend/testing/wait-for';
import type { Config } from '@rfid/backend/platform/config';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import type { TestPlatformOptions } from '@rfid/backend/testing/test-platform';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** The machine's Mosquitto (CI's too; TEST_MQTT_URL names another broker): its URL once it answers, else an error saying so. */
export async function machineMosquitto(): Promise<string> {
  const url = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const { hostname, port } = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 1883), hostname);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
  if (!reachable) throw new Error(`no MQTT broker at ${url}: start Mosquitto, or set TEST_MQTT_URL to another broker`);
  return url;
}

/**
 * A Mosquitto of the test's own on a free port (the machine's `mosquitto` program), for tests that must
 * cut or stop the broker: never the machine's shared one. In memory, queueing up to 100,000 messages for a
 * client whose link is down (Mosquitto's default keeps 1,000). Anonymous, or with `dynamicSecurity`: its
 * dynamic security plugin, no anonymous client, and the admin client named (`mosquitto_ctrl dynsec init`).
 */
export async function startMosquitto(opts: { dynamicSecurity?: { admin: string; password: string } } = {}): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  const lines = [`listener ${port} 127.0.0.1`, 'persistence false', 'max_queued_messages 100000', 'log_type none'];
  if (opts.dynamicSecurity) {
    const file = path.join(dir, 'dynamic-security.json');
    const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', file, opts.dynamicSecurity.admin, opts.dynamicSecurity.password], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed (install Debian's mosquitto): ${init.stderr || init.error?.message}`);
    // started as root, Mosquitto would become the mosquitto user, who may not read nor write the test's folder
    lines.push('allow_anonymous false', `plugin ${DYNAMIC_SECURITY_PLUGIN}`, `plugin_opt_config_file ${file}`, 'user root');
  } else lines.push('allow_anonymous true');
  fs.writeFileSync(conf, lines.join('\n') + '\n');
  const program = fs.existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';
  const child = spawn(program, ['-c', conf], { stdio: 'ignore' });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (err) => reject(new Error(`cannot start mosquitto (install Debian's mosquitto package): ${err.message}`)));
    child.once('exit', (code) => reject(new Error(`mosquitto exited (${code})`)));
  });
  const listening = waitFor('mosquitto listening', () => new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  }));
  await Promise.race([listening, failed]);
  failed.catch(() => {});
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's Mosquitto dynamic security plugin. */
const DYNAMIC_SECURITY_PLUGIN = ['/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so', '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so', '/usr/lib/mosquitto_dynamic_security.so'].find((p) => fs.existsSync(p)) ?? 'mosquitto_dynamic_security.so';

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The application with its embedded broker on a free port, and the broker's URL. */
export async function createAppWithBroker(overrides: Partial<Config> = {}, options?: TestPlatformOptions): Promise<{ t: TestApp; url: string }> {
  const port = await freePort();
  const t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, ...overrides }, undefined, options);
  return { t, url: `mqtt://127.0.0.1:${port}` };
}

/** Registers a reader through the API: the reader and its credentials. */
export async function registerReader(t: Pick<TestApp, 'api'>, token: string, body: Record<string, unknown>): Promise<ReaderCreated> {
  const res = await t.api(token).post('/api/readers').send({ name: 'Test reader', kind: 'GATE', format: 'SIMPLE', antennas: [{ port: 1, power: 27 }, { port: 2, power: 27 }], ...body });
  if (res.status !== 201) throw new Error(`register ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ReaderCreated;
}

/** An MQTT client signed in as a reader (or refused: the promise rejects). */
export function connectReader(url: string, username: string, password: string, options: IClientOptions = {}): Promise<MqttClient> {
  // a client id of the reader's own: its code and a suffix
  return mqtt.connectAsync(url, { username, password, clientId: `${username}-${Math.random().toString(16).slice(2, 8)}`, reconnectPeriod: 0, connectTimeout: 5000, ...options });
}

/** Observations collected by a consumer registered on the app's bus. */
export function collectObservations(t: TestApp): { seen: Observation[]; bus: ObservationBus } {
  const bus = t.app.get(ObservationBus);
  const seen: Observation[] = [];
  bus.register({ name: `test-${Math.random()}`, consume: async (batch) => void seen.push(...batch) });
  return { seen, bus };
}

/** Waits until the API shows the reader's live state as wanted. */
export function waitForLive(t: TestApp, token: string, readerId: string, wanted: (r: ReaderView) => boolean, what: string, timeoutMs = 10_000): Promise<ReaderView> {
  return waitFor(
    what,
    async () => {
      const r = (await t.api(token).get(`/api/readers/${readerId}`)).body as ReaderView;
      return wanted(r) ? r : undefined;
    },
    timeoutMs,
  );
}

/** A simple-format message of reads. */
export const readsMessage = (epcs: readonly string[], antenna = 1) => JSON.stringify({ reads: epcs.map((epc) => ({ epc, antenna, rssi: -50 })) });

/** A valid 96-bit EPC, distinct for each n. */
export const epc = (n: number) => `30${n.toString(16).toUpperCase().padStart(22, '0')}`;
