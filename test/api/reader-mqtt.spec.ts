import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { REALTIME_EVENTS, REALTIME_PATH, type DeviceModePush, type ReaderCreated } from '@rfid/contracts';
import { io } from 'socket.io-client';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import type { MqttClient } from 'mqtt';
import { SIMULATED_FORMATS, SimulatedReader, demoEpcs, gatePass } from '@rfid/simulators';
import { collectObservations, connectReader, epc, freePort, machineMosquitto, readsMessage, registerReader, waitForLive } from './reader-fixtures.js';


/** What every broker must do: reads reach a consumer once per dedupe window, commands round-trip, silence times out. */
function brokerSuite(name: string, setUp: () => Promise<{ t: TestApp; url: string }>) {
  describe(name, () => {
    let t: TestApp;
    let url: string;
    let admin: string;
    const clients: MqttClient[] = [];
    // codes of their own: on a shared broker (CI's Mosquitto) other test runs publish too
    const code = (name: string) => `${name}-${randomBytes(3).toString('hex')}`.toUpperCase();
    // A reader says it is there with a heartbeat once connected (on an external broker nothing else tells).
    const connect = async (r: ReaderCreated, password = r.credentials.password) => {
      const c = await connectReader(url, r.credentials.username, password);
      clients.push(c);
      await c.publishAsync(r.reader.topics.mgmt, JSON.stringify({ heartbeat: {} }), { qos: 1 });
      return c;
    };
    before(async () => {
      ({ t, url } = await setUp());
      admin = await t.adminToken();
      // a window longer than any report here takes to send on a busy machine: "once per window" is then exact
      await t.api(admin).put('/api/system-settings').send({ readDedupeWindowMs: 10_000 }).expect(200);
    });
    after(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
      await t.close();
    });

    it("a registered reader's reads reach a consumer once per reader and EPC within the dedupe window", async () => {
      const { seen, bus } = collectObservations(t);
      const r = await registerReader(t, admin, { code: code('dedupe') });
      const c = await connect(r);
      await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'CONNECTED', 'the reader connected');
      for (let i = 0; i < 5; i++) await c.publishAsync(r.reader.topics.events, readsMessage([epc(1), epc(2)], 1 + (i % 2)), { qos: 1 });
      await waitFor('both tags observed', () => seen.filter((o) => o.readerId === r.reader.id).length >= 2);
      await bus.idle();
      const mine = seen.filter((o) => o.readerId === r.reader.id);
      assert.deepEqual(mine.map((o) => o.epc).sort(), [epc(1), epc(2)]);
      assert.equal(mine[0]!.readerCode, r.reader.code);
      // another reader sees the same tag: its own observation
      const other = await registerReader(t, admin, { code: code('other') });
      const c2 = await connect(other);
      await c2.publishAsync(other.reader.topics.events, readsMessage([epc(1)]), { qos: 1 });
      await waitFor('the other reader observed it too', () => seen.some((o) => o.readerId === other.reader.id && o.epc === epc(1)));
      const sighting = await waitFor('the tag sighting written', () =>
        t.platform.db.selectFrom('tag_sightings').selectAll().where('epc', '=', epc(2)).executeTakeFirst(),
      );
      assert.equal(sighting.reader_id, r.reader.id);
    });

    it('a start command round-trips with a reader that answers it; a command it refuses is READER_COMMAND_FAILED; against a silent reader it fails with SCANNING_START_FAILED', async () => {
      const r = await registerReader(t, admin, { code: code('zebra'), format: 'ZEBRA' });
      const c = await connect(r);
      await c.subscribeAsync(r.reader.topics.commands, { qos: 1 });
      // it carries out every command but switching an output, which it has not
      c.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString()) as { command: string; command_id: string };
        const answer = command.command === 'set_gpo' ? { response: 'failure', payload: { message: 'no such output' } } : { response: 'success', payload: {} };
        void c.publishAsync(r.reader.topics.responses, JSON.stringify({ command: command.command, command_id: command.command_id, ...answer }), { qos: 1 });
      });
      await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'CONNECTED', 'the reader connected');
      const ok = await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'start' }).expect(200);
      assert.equal(ok.body.command, 'start');
      assert.equal((await t.api(admin).get(`/api/readers/${r.reader.id}`)).body.live.scanning, true);
      const mode = await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'set_mode', mode: 'COUNTING' }).expect(200);
      assert.equal(mode.body.command, 'set_mode');
      assert.equal((await t.api(admin).get(`/api/readers/${r.reader.id}`)).body.deviceMode, 'COUNTING', 'a mode the reader carried out is its configuration');
      const gpo = await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).set('accept-language', 'en').send({ command: 'set_gpo', port: 1, state: true });
      assert.deepEqual([gpo.status, gpo.body.code, gpo.body.details.reason], [502, 'READER_COMMAND_FAILED', 'no such output']);

      // a silent reader's commands fail once their time is up (short here, the default again afterwards)
      await t.api(admin).put('/api/system-settings').send({ readerCommandTimeoutMs: 800 }).expect(200);
      const silent = await registerReader(t, admin, { code: code('silent'), format: 'ZEBRA' });
      await connect(silent);
      await waitForLive(t, admin, silent.reader.id, (v) => v.live.connection === 'CONNECTED', 'the silent reader connected');
      const failed = await t.api(admin).post(`/api/readers/${silent.reader.id}/commands`).set('accept-language', 'en').send({ command: 'start' });
      assert.deepEqual([failed.status, failed.body.code, failed.body.message, failed.body.details.reason], [502, 'SCANNING_START_FAILED', 'Start scanning failed', 'timeout']);
      const stop = await t.api(admin).post(`/api/readers/${silent.reader.id}/commands`).set('accept-language', 'vi').send({ command: 'stop' });
      assert.deepEqual([stop.status, stop.body.code, stop.body.message], [502, 'SCANNING_STOP_FAILED', 'Dừng quét thất bại']);
      const log = await waitFor('the timeout logged', async () => {
        const entries = (await t.api(admin).get(`/api/integration-logs?readerId=${silent.reader.id}&size=50`)).body.data as { kind: string; outcome: string }[];
        return entries.some((e) => e.kind === 'RESPONSE' && e.outcome === 'TIMEOUT') ? entries : undefined;
      });
      assert.ok(log.some((e) => e.kind === 'COMMAND'));
      await t.api(admin).put('/api/system-settings').send({ readerCommandTimeoutMs: 5000 }).expect(200);
    });

    it('simulated readers of the three formats: a gate pass observed once per tag, start carried out and answered, a dropped connection seen at once (on an external broker by the will)', async () => {
      const { seen, bus } = collectObservations(t);
      const tags = demoEpcs(5, 7);
      for (const format of SIMULATED_FORMATS) {
        const r = await registerReader(t, admin, { code: code(`sim-${format}`), format });
        const sim = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format, topics: r.reader.topics, heartbeatSeconds: 0 });
        await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'CONNECTED', `the ${format} reader connected`);
        await gatePass(sim, tags); // 1.5 s of reports (longer on a busy machine), within the dedupe window
        await waitFor(`the ${format} gate pass observed`, () => new Set(seen.filter((o) => o.readerId === r.reader.id).map((o) => o.epc)).size === tags.length);
        await bus.idle();
        const mine = seen.filter((o) => o.readerId === r.reader.id);
        assert.deepEqual(mine.map((o) => o.epc).sort(), tags, `${format}: each tag once, its first antenna first`);
        assert.ok(mine.every((o) => o.antenna === 1));

        const started = await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'start' });
        assert.equal(started.status, 200, JSON.stringify(started.body));
        await waitForLive(t, admin, r.reader.id, (v) => v.live.scanning === true, `the ${format} reader scanning`);
        assert.equal(sim.state.scanning, true);

        // the heartbeat timeout is 30 s: a disconnection within 10 s is the broker's (embedded) or the will's (external)
        await sim.leave('drop');
        await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'DISCONNECTED', `the ${format} reader's dropped connection seen`);
      }
    });

    it('garbage, truncated JSON, a bad EPC, a 1 MB payload and 10,000 messages in a burst: the server answers and no valid read is lost', async () => {
      const { seen } = collectObservations(t);
      const r = await registerReader(t, admin, { code: code('flood') });
      const c = await connect(r);
      await c.publishAsync(r.reader.topics.events, Buffer.from([0x00, 0xff, 0x13, 0x37]), { qos: 1 });
      await c.publishAsync(r.reader.topics.events, '{"reads": [{"epc": "30', { qos: 1 });
      await c.publishAsync(r.reader.topics.events, readsMessage(['30742', 'E28011606000020A1B2C3D4E0F1']), { qos: 1 });
      await c.publishAsync(r.reader.topics.events, Buffer.alloc(1024 * 1024, 0x7b), { qos: 1 }).catch(() => {});
      const N = 10_000;
      const burst = Array.from({ length: N }, (_, i) => c.publishAsync(r.reader.topics.events, readsMessage([epc(100_000 + i)]), { qos: 0 }));
      await Promise.all(burst);
      await t.api().get('/api/health').expect(200);
      await waitFor('every valid read of the burst observed', () => new Set(seen.filter((o) => o.readerId === r.reader.id).map((o) => o.epc)).size === N, 60_000);
      const problems = await waitFor('the refusals logged', async () => {
        const entries = (await t.api(admin).get(`/api/integration-logs?readerId=${r.reader.id}&problems=true&size=50`)).body.data as { outcome: string; reason: string }[];
        return entries.length >= 4 ? entries : undefined;
      });
      assert.ok(problems.some((e) => e.outcome === 'MALFORMED'), 'garbage and truncated JSON are logged as not understood');
      assert.ok(problems.some((e) => /hex digits/.test(e.reason ?? '')), 'a bad EPC is logged with its reason');
      assert.ok(problems.some((e) => /over the limit|not understood|bytes/.test(e.reason ?? '')), 'the 1 MB payload is refused');
    });
  });
}

brokerSuite('readers over the embedded broker', async () => {
  const port = await freePort();
  const t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, mqttWebSocket: true });
  return { t, url: `mqtt://127.0.0.1:${port}` };
});

describe("the embedded broker's own rules", () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  before(async () => {
    port = await freePort();
    t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, mqttWebSocket: true });
    await t.app.listen(0, '127.0.0.1');
    admin = await t.adminToken();
  });
  after(() => t.close());
  const url = () => `mqtt://127.0.0.1:${port}`;

  it('unknown or wrong credentials are refused, and logged', async () => {
    const r = await registerReader(t, admin, { code: 'CRED-1' });
    await assert.rejects(connectReader(url(), 'CRED-1', 'not-the-password'), /Bad username or password|Not authorized/);
    await assert.rejects(connectReader(url(), 'NOBODY', 'x'), /Bad username or password|Not authorized/);
    await assert.rejects(connectReader(url(), '', ''), /Bad username or password|Not authorized/);
    const rotated = await t.api(admin).post(`/api/readers/${r.reader.id}/credentials`).expect(200);
    await assert.rejects(connectReader(url(), 'CRED-1', r.credentials.password), /Bad username or password|Not authorized/, 'the old password after a rotation');
    const c = await connectReader(url(), 'CRED-1', rotated.body.password);
    await c.endAsync();
    await waitFor('the refusal logged', async () =>
      ((await t.api(admin).get('/api/integration-logs?problems=true&size=50')).body.data as { reason: string; readerCode: string }[]).some(
        (e) => e.readerCode === 'CRED-1' && /password/.test(e.reason),
      ),
    );
  });

  it("a reader publishing on another reader's topic is disconnected and logged; it may subscribe only to its own commands", async () => {
    const { seen, bus } = collectObservations(t);
    const a = await registerReader(t, admin, { code: 'TOPIC-A' });
    const b = await registerReader(t, admin, { code: 'TOPIC-B' });
    const c = await connectReader(url(), 'TOPIC-A', a.credentials.password);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    // mqtt.js rejects a SUBACK holding a refusal; the SUBACK itself says which
    const suback = await c.subscribeAsync([b.reader.topics.commands, a.reader.topics.commands]).then(
      () => undefined,
      (err: { packet?: { granted: number[] } }) => err.packet,
    );
    assert.deepEqual(suback?.granted, [128, 0], 'another reader’s command topic is refused, its own granted');
    c.publish(b.reader.topics.events, readsMessage([epc(777)]), { qos: 1 });
    await closed;
    await bus.idle();
    assert.ok(!seen.some((o) => o.epc === epc(777)), 'nothing observed from it');
    await waitFor('the refusal logged', async () =>
      ((await t.api(admin).get('/api/integration-logs?problems=true&size=50')).body.data as { reason: string; topic: string }[]).some(
        (e) => e.topic === b.reader.topics.events && /not the client/.test(e.reason),
      ),
    );
    c.end(true);
  });

  it('a packet far over the payload limit closes its connection before it is read whole; the server answers on', async () => {
    const r = await registerReader(t, admin, { code: 'HUGE-1' });
    const c = await connectReader(url(), 'HUGE-1', r.credentials.password);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish(r.reader.topics.events, Buffer.alloc(4 * 1024 * 1024, 0x20), { qos: 0 });
    await closed;
    await t.api().get('/api/health').expect(200);
    await waitFor('the refusal logged', async () =>
      ((await t.api(admin).get('/api/integration-logs?problems=true&size=50')).body.data as { reason: string }[]).some((e) => /over the connection limit/.test(e.reason)),
    );
    c.end(true);
  });

  it('a change of mode or switch is pushed as device:mode to whoever may see readers', async () => {
    const r = await registerReader(t, admin, { code: 'MODE-1' });
    const { port: httpPort } = t.http.address() as AddressInfo;
    const socket = io(`http://127.0.0.1:${httpPort}`, { path: REALTIME_PATH, auth: { token: admin }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
      const pushed = new Promise<DeviceModePush>((resolve) => socket.on(REALTIME_EVENTS.DEVICE_MODE, (p: DeviceModePush) => p.readerId === r.reader.id && resolve(p)));
      const { name, kind, format, antennas } = r.reader;
      await t.api(admin).put(`/api/readers/${r.reader.id}`).send({ name, kind, format, antennas, deviceMode: 'COUNTING', operatingMode: 'AUTOMATIC', switch: 'OFF' }).expect(200);
      assert.deepEqual(await pushed, { readerId: r.reader.id, code: 'MODE-1', deviceMode: 'COUNTING', operatingMode: 'AUTOMATIC', switch: 'OFF' });
    } finally {
      socket.close();
    }
  });

  it('MQTT over WebSocket at /mqtt on the HTTP port; connection and disconnection are live, and silence past the heartbeat timeout is a disconnection', async () => {
    await t.api(admin).put('/api/system-settings').send({ readerHeartbeatTimeoutSeconds: 5 }).expect(200);
    const r = await registerReader(t, admin, { code: 'WS-1', kind: 'HANDHELD' });
    const { port: httpPort } = t.http.address() as AddressInfo;
    const c = await connectReader(`ws://127.0.0.1:${httpPort}/mqtt`, 'WS-1', r.credentials.password, { keepalive: 600 });
    const connected = await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'CONNECTED', 'connected over WebSocket');
    assert.ok(connected.live.connectionChangedAt);
    await c.publishAsync(r.reader.topics.mgmt, JSON.stringify({ heartbeat: { temperature: 39.5, firmware: 'sim-2' } }), { qos: 1 });
    const beat = await waitForLive(t, admin, r.reader.id, (v) => v.live.temperature === 39.5, 'the heartbeat shown');
    assert.equal(beat.live.firmware, 'sim-2');
    // silent but connected (keep-alive 10 min): disconnected past the timeout, at the check of the next
    // second (the server's own times: how fast this test polls is not measured)
    const silent = await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'DISCONNECTED', 'silence past the heartbeat timeout', 30_000);
    const silentFor = Date.parse(silent.live.connectionChangedAt!) - Date.parse(silent.live.lastMessageAt!);
    assert.ok(silentFor > 5_000 && silentFor <= 7_000, `shown disconnected ${silentFor} ms after the last message`);
    await c.publishAsync(r.reader.topics.mgmt, JSON.stringify({ heartbeat: {} }), { qos: 1 });
    const back = await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'CONNECTED', 'back with its next message');
    await c.endAsync();
    // a closed connection is seen when it closes, not at the heartbeat timeout
    const closed = await waitForLive(t, admin, r.reader.id, (v) => v.live.connection === 'DISCONNECTED', 'a closed connection shown');
    assert.ok(Date.parse(closed.live.connectionChangedAt!) - Date.parse(back.live.lastMessageAt!) < 5_000, 'disconnected before the heartbeat timeout');
  });
});

// The machine's Mosquitto, as CI's: a test that cannot reach it fails, saying so (it is not skipped).
brokerSuite('readers over an external broker (MQTT_URL: the machine’s Mosquitto)', async () => {
  const url = await machineMosquitto();
  const t = await createTestApp({ mqttUrl: url });
  return { t, url };
});
