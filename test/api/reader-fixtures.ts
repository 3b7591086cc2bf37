import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ReaderCreated, ReaderView } from '@rfid/contracts';
import { ObservationBus, type Observation } from '@rfid/backend/modules/readers/readers.public';
import { waitFor } from '@rfid/backend/testing/wait-for';
import type { TestApp } from '@rfid/backend/testing/test-app';
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

/** Registers a reader through the API: the reader and its credentials. */
export async function registerReader(t: TestApp, token: string, body: Record<string, unknown>): Promise<ReaderCreated> {
  const res = await t.api(token).post('/api/readers').send({ name: 'Test reader', kind: 'GATE', format: 'SIMPLE', antennas: [{ port: 1, power: 27 }, { port: 2, power: 27 }], ...body });
  if (res.status !== 201) throw new Error(`register ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ReaderCreated;
}

/** An MQTT client signed in as a reader (or refused: the promise rejects). */
export function connectReader(url: string, username: string, password: string, options: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000, ...options });
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
