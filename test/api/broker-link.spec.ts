import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IntegrationLogEntry, ReaderView } from '@rfid/contracts';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import { TcpProxy } from '@rfid/backend/testing/tcp-proxy';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { collectObservations, epc, registerReader, startMosquitto } from './reader-fixtures.js';

const MESSAGES = 300;
const READS_PER_MESSAGE = 10;

/**
 * The back-office's own link to an external broker breaks while the broker stays up and the readers
 * keep publishing (a TCP proxy the test controls sits between the server and a Mosquitto of the
 * test's own). The broker keeps what arrives for the server's session meanwhile: every read a reader
 * had acknowledged at QoS 1 reaches the back-office once the link is back. While the link is down
 * `/api/health` says so, the readers' connection is unknown, and the integration log tells the link
 * going down and coming back.
 */
describe('the link to an external broker cut and back', () => {
  let mosquitto: Awaited<ReturnType<typeof startMosquitto>>;
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: string;
  let sim: SimulatedReader;
  let readerId: string;

  before(async () => {
    mosquitto = await startMosquitto();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: mosquitto.port });
    t = await createTestApp({ mqttUrl: proxy.url(mosquitto.url), mqttSessionExpirySeconds: 300 });
    admin = await t.adminToken();
    const r = await registerReader(t, admin, { code: 'HH-LINK', name: 'Handheld', kind: 'HANDHELD', deviceMode: 'READ_TAG', antennas: [{ port: 1, power: 20 }] });
    readerId = r.reader.id;
    // the reader reaches the broker directly: only the back-office's link is cut
    sim = await SimulatedReader.connect({ url: mosquitto.url, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', topics: r.reader.topics, antennas: [1], heartbeatSeconds: 0 });
  });
  after(async () => {
    await sim?.leave('goodbye').catch(() => {});
    await t?.close();
    await proxy?.close();
    await mosquitto?.stop();
  });

  const health = async () => (await t.api().get('/api/health')).body as { status: string; mqtt: { mode: string; link: string } };
  const connection = async () => ((await t.api(admin).get(`/api/readers/${readerId}`).expect(200)).body as ReaderView).live.connection;
  const linkEntries = async () =>
    ((await t.api(admin).get('/api/integration-logs').query({ kind: 'CONNECTION', q: 'link to the MQTT broker', size: 50 }).expect(200)).body.data as IntegrationLogEntry[]).map((e) => [e.outcome, e.summary.split(':')[0]]);

  it('what readers publish at QoS 1 while the link is down arrives when it is back; health, reader states and the log say so', async (ctx) => {
    const { seen } = collectObservations(t);
    await sim.read([{ epc: epc(1), antenna: 1, rssi: -50, count: 1 }]);
    await waitFor('a read through the link', () => seen.some((o) => o.epc === epc(1)));
    await waitFor('the reader connected', async () => (await connection()) === 'CONNECTED');
    assert.deepEqual((await health()).mqtt, { mode: 'external', link: 'up' });

    proxy.cut();
    await waitFor('health telling the link down', async () => (await health()).mqtt.link === 'down');
    assert.equal((await health()).status, 'degraded');
    await waitFor('the reader unknown while the link is down', async () => (await connection()) === 'UNKNOWN');

    // acknowledged by the broker, one message after another, while the back-office hears nothing
    const acknowledged: string[] = [];
    for (let m = 0; m < MESSAGES; m++) {
      const epcs = Array.from({ length: READS_PER_MESSAGE }, (_, i) => epc(1000 + m * READS_PER_MESSAGE + i));
      await sim.read(epcs.map((e) => ({ epc: e, antenna: 1, rssi: -50, count: 1 })), 1);
      acknowledged.push(...epcs);
    }
    const seenWhileDown = seen.length;
    proxy.restore();

    const arrived = await waitFor(
      'every acknowledged read arrived',
      () => {
        const epcs = new Set(seen.map((o) => o.epc));
        const n = acknowledged.filter((e) => epcs.has(e)).length;
        return n === acknowledged.length ? n : undefined;
      },
      60_000,
    );
    assert.equal(seenWhileDown, 1, 'nothing arrived while the link was down');
    assert.equal(arrived, MESSAGES * READS_PER_MESSAGE);
    await waitFor('health telling the link up', async () => (await health()).mqtt.link === 'up');
    await waitFor('the reader connected again (heard)', async () => (await connection()) === 'CONNECTED');
    const entries = await waitFor('the link down and up in the integration log', async () => {
      const e = await linkEntries();
      return e.some(([o]) => o === 'FAILED') && e.filter(([o]) => o === 'OK').length >= 2 ? e : undefined;
    });
    assert.deepEqual(entries[0], ['OK', 'the back-office’s link to the MQTT broker is up']);
    ctx.diagnostic(`${acknowledged.length} reads acknowledged by the broker while the link was down, ${arrived} arrived once it was back`);
  });
});
