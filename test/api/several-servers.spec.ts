import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REALTIME_EVENTS, REALTIME_PATH, type AlertView, type DeviceStatusPush, type ReaderCreated, type ReaderView, type TicketDetail } from '@rfid/contracts';
import { createTestDatabase } from '@rfid/backend/testing/test-platform';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader, gatePass } from '@rfid/simulators';
import mqtt from 'mqtt';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { connectReader, epc, registerReader, startMosquitto } from './reader-fixtures.js';
import { createCatalogues, createSample, sampleBody } from './sample-fixtures.js';
import { BROKER_ADMIN, forgetSiteInRedis, siteEnvironment, startServer, type ServerProcess } from './server-process.js';
import { connected } from './socket-fixtures.js';

/**
 * Two servers, each its own process (`node backend/dist/main.js`), on one PostgreSQL (the machine's), one
 * Redis (the machine's) and a Mosquitto of the test's own with its dynamic security plugin, whose admin
 * client the back-office is. Each reader is handled by one server; commands, claims, live states and pushes
 * work through either; kill -9 of the gate's server moves the gate to the other, which handles what the gate
 * published meanwhile; and nothing is recorded, raised, told or sent twice.
 */
describe('several servers on one broker, one database and one Redis', { timeout: 300_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let sql: pg.Client;
  const servers: ServerProcess[] = [];
  const sims: SimulatedReader[] = [];
  const sockets: Socket[] = [];
  let token: string;
  let gate: ReaderCreated;
  let handheld: ReaderCreated;
  let gateSim: SimulatedReader;
  let handheldSim: SimulatedReader;
  /** Every output command the gate carried out, in order: true for on. */
  const gateOutputs: boolean[] = [];
  const TAGS = ['E28011700000020A00000001', 'E28011700000020A00000002'];
  let sampleIds: string[] = [];
  let env: Record<string, string>;

  const ownerOf = async (readerId: string) => (await sql.query<{ server_id: string }>('select server_id from reader_owners where reader_id = $1 and expires_at > now()', [readerId])).rows[0]?.server_id;
  const server = (id: string | undefined) => servers.find((s) => s.id === id && s.running);
  const other = (id: string | undefined) => servers.find((s) => s.id !== id && s.running)!;
  const alertsOf = async (s: ServerProcess, tag: string) => (await s.api(token).get('/api/alerts').query({ q: tag }).expect(200)).body.data as AlertView[];

  before(async () => {
    database = await createTestDatabase();
    broker = await startMosquitto({ dynamicSecurity: BROKER_ADMIN });
    sql = new pg.Client({ connectionString: database.url });
    env = { ...siteEnvironment(database.url, broker.url), READER_LEASE_SECONDS: '10' };
    // one after the other: the first migrates the database
    servers.push(await startServer('server-a', env));
    servers.push(await startServer('server-b', env));
    await sql.connect();
    const [a, b] = servers as [ServerProcess, ServerProcess];
    token = await a.login();
    await a.api(token).put('/api/system-settings').send({ gateAlarmAutoOffSeconds: 0, readerCommandTimeoutMs: 3000 }).expect(200);
    const c = await createCatalogues(a, token);
    await a.api(token).post('/api/rfid-tags').send({ codes: TAGS }).expect(201);
    sampleIds = [];
    for (const [i, tag] of TAGS.entries()) {
      const s = await createSample(a, token, sampleBody(c, { sampleCode: `SCALE-${i}`, currentZoneId: c.active.zones[0] }));
      sampleIds.push(s.id);
      await a.api(token).post('/api/rfid-tags/link').send({ tagCode: tag, sampleId: s.id }).expect(200);
    }
    const me = (await a.api(token).get('/api/auth/me').expect(200)).body as { user: { id: string } };
    await a.api(token).post('/api/alert-configurations').send({ userId: me.user.id, methods: ['IN_APP'], actionName: 'Cổng', functionName: 'GATE', timeMinutes: 60 }).expect(201);
    // the gate through one server, the handheld through the other: the broker's accounts are made by whichever takes the request
    gate = await registerReader(a, token, { code: 'GATE-SCALE', kind: 'GATE', format: 'SIMPLE', operatingMode: 'AUTOMATIC', antennas: [{ port: 1, power: 27 }] });
    handheld = await registerReader(b, token, { code: 'HH-SCALE', kind: 'HANDHELD', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }] });
    (globalThis as { zone?: string }).zone = c.active.zones[0];
  });

  after(async () => {
    for (const s of sockets) s.close();
    for (const sim of sims) await sim.leave('drop').catch(() => {});
    for (const s of servers) await s.stop('SIGTERM').catch(() => {});
    await sql?.end().catch(() => {});
    await broker?.stop();
    if (database) await forgetSiteInRedis(database.url);
    await database?.drop();
  });

  it('the broker refuses a reader with a wrong password and lets the issued ones in, each on its own topics only', async () => {
    await assert.rejects(connectReader(broker.url, gate.credentials.username, 'not-its-password'), /Not authorized|Bad username or password/i);
    gateSim = await SimulatedReader.connect({ url: broker.url, code: gate.credentials.username, password: gate.credentials.password, format: 'SIMPLE', topics: gate.reader.topics, antennas: [1], heartbeatSeconds: 0, onOutput: (_port, on) => gateOutputs.push(on) });
    handheldSim = await SimulatedReader.connect({ url: broker.url, code: handheld.credentials.username, password: handheld.credentials.password, format: 'SIMPLE', topics: handheld.reader.topics, antennas: [1], heartbeatSeconds: 0 });
    sims.push(gateSim, handheldSim);
    // the handheld may not publish as the gate: the broker answers "not authorized" (MQTT 5)
    const impostor = await mqtt.connectAsync(broker.url, { username: handheld.credentials.username, password: handheld.credentials.password, clientId: 'HH-SCALE-impostor', protocolVersion: 5, reconnectPeriod: 0 });
    await assert.rejects(impostor.publishAsync(gate.reader.topics.events, JSON.stringify({ reads: [{ epc: epc(999), antenna: 1 }] }), { qos: 1 }), /Not authorized|135/i);
    await impostor.endAsync();
  });

  it('each reader is handled by one server, and both servers show both readers connected', async () => {
    const owners = await waitFor('each reader owned', async () => {
      const [g, h] = [await ownerOf(gate.reader.id), await ownerOf(handheld.reader.id)];
      return g && h ? { g, h } : undefined;
    });
    assert.notEqual(owners.g, owners.h, 'the two readers are shared out between the two servers');
    for (const s of servers) {
      for (const r of [gate, handheld]) {
        await waitFor(`${r.reader.code} connected on ${s.id}`, async () => ((await s.api(token).get(`/api/readers/${r.reader.id}`).expect(200)).body as ReaderView).live.connection === 'CONNECTED');
      }
    }
  });

  it('a command sent through the server that does not handle the reader reaches it and is answered', async () => {
    const through = other(await ownerOf(gate.reader.id));
    const res = await through.api(token).post(`/api/readers/${gate.reader.id}/commands`).send({ command: 'set_gpo', port: 2, state: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(gateSim.outputs.get(2), true);
    await through.api(token).post(`/api/readers/${gate.reader.id}/commands`).send({ command: 'set_gpo', port: 2, state: false }).expect(200);
    gateOutputs.length = 0;
  });

  it('a ticket started through one server counts the reads of a handheld the other handles', async () => {
    const through = other(await ownerOf(handheld.reader.id));
    const zone = (globalThis as { zone?: string }).zone;
    const ticket = (await through.api(token).post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId: zone, sampleIds, equipmentId: handheld.reader.id, allowedGateId: gate.reader.id }).expect(201)).body as TicketDetail;
    await through.api(token).post(`/api/export-tickets/${ticket.id}/prepare`).expect(200);
    await through.api(token).post(`/api/export-tickets/${ticket.id}/scanning/start`).expect(200);
    assert.equal(handheldSim.state.scanning, true, 'the start reached the handheld');
    await handheldSim.read(TAGS.map((e) => ({ epc: e, antenna: 1, rssi: -50, count: 3 })));
    for (const s of servers) await waitFor(`the draft counted, read through ${s.id}`, async () => ((await s.api(token).get(`/api/export-tickets/${ticket.id}`).expect(200)).body as TicketDetail).totals.draft === 2);
    await through.api(token).post(`/api/export-tickets/${ticket.id}/scanning/stop`).expect(200);
  });

  const browserOn = async (s: ServerProcess) => {
    const socket = io(s.url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await connected(socket);
    return socket;
  };
  const pushes = <T>(socket: Socket, event: string) => {
    const seen: T[] = [];
    socket.on(event, (p: T) => seen.push(p));
    return seen;
  };

  it('a pass alarms once; a browser on the other server sees its alert, and the gate’s status pushed by its server', async () => {
    const gateServer = server(await ownerOf(gate.reader.id))!;
    const socket = await browserOn(other(gateServer.id));
    const alerts = pushes<AlertView>(socket, REALTIME_EVENTS.ALERT);
    const statuses = pushes<DeviceStatusPush>(socket, REALTIME_EVENTS.DEVICE_STATUS);
    const tag = epc(1);
    await gatePass(gateSim, [tag]);
    await waitFor('the alert pushed to the browser on the other server', () => alerts.some((a) => a.epc === tag));
    await waitFor('the alarm on', () => gateOutputs.includes(true));
    // the gate's live state is its server's alone to push: it reaches the other server's browsers through Redis
    await gateSim.heartbeat();
    await waitFor('the gate’s status pushed through Redis', () => statuses.some((p) => p.readerId === gate.reader.id));
    // the alarm off before the kill, so that what is sent after it is the next alert's alone
    const notification = await waitFor('the notification', async () => ((await gateServer.api(token).get('/api/user-notifications').expect(200)).body.data as { id: string; alertLogId: string | null }[]).find((n) => n.alertLogId === alerts[0]!.id));
    await gateServer.api(token).post(`/api/user-notifications/${notification.id}/disable-alert`).send({}).expect(200);
    await waitFor('the alarm off', () => gateOutputs.at(-1) === false);
  });

  it('kill -9 of the gate’s server: the other takes the gate, counts what was published meanwhile, and the next unauthorised pass alarms once', async () => {
    const gateServer = server(await ownerOf(gate.reader.id))!;
    const survivor = other(gateServer.id);
    const outputsBefore = gateOutputs.length;
    const killedAt = Date.now();
    await gateServer.stop('SIGKILL');
    // published at QoS 1 while nobody handles the gate: the survivor heard it, and replays it once it takes the gate
    const tag = epc(2);
    await gatePass(gateSim, [tag]);
    const alert = await waitFor('the alert raised by the survivor', async () => (await alertsOf(survivor, tag))[0], 20_000);
    const failoverMs = Date.now() - killedAt;
    assert.ok(failoverMs <= 15_000, `the gate alarmed ${failoverMs} ms after its server was killed`);
    assert.equal(await ownerOf(gate.reader.id), survivor.id);
    await waitFor('the alarm on again', () => gateOutputs.slice(outputsBefore).includes(true), 15_000);
    assert.equal(alert.alarmOn, true);
    process.stdout.write(`# failover: the first alarm ${failoverMs} ms after kill -9\n`);
  });

  it('nothing was recorded, raised, told or sent twice', async () => {
    const survivor = servers.find((s) => s.running)!;
    // every pass, alert and notification the survivor will ever record is in once it is idle: wait on the counts reaching what was published
    const passes = await waitFor('two passes', async () => {
      const { rows } = await sql.query<{ epc: string; n: number }>('select epc, count(*)::int as n from gate_passes group by epc order by epc');
      return rows.length === 2 ? rows : undefined;
    });
    assert.deepEqual(passes, [{ epc: epc(1), n: 1 }, { epc: epc(2), n: 1 }]);
    const alerts = (await sql.query<{ n: number }>("select count(*)::int as n from alerts where kind = 'GATE'")).rows[0]!.n;
    assert.equal(alerts, 2);
    const notifications = (await survivor.api(token).get('/api/user-notifications').query({ size: 50 }).expect(200)).body.data as { alertLogId: string | null }[];
    assert.equal(notifications.filter((n) => n.alertLogId).length, 2, 'one notification per alert');
    assert.deepEqual(gateOutputs, [true, false, true], 'the alarm switched on once per alert, and off once');
    const counted = (await sql.query<{ n: number }>("select coalesce(sum(jsonb_array_length(data->'counted')), 0)::int as n from events where type = 'TicketTagsScanned'")).rows[0]!.n;
    assert.equal(counted, TAGS.length, 'each tag counted once for the ticket, read three times');
  });

  it('a new password or new topics are the broker’s at once: the old password opens nothing, the old topics take nothing', async () => {
    const survivor = servers.find((s) => s.running)!;
    const old = handheld.credentials.password;
    const rotated = (await survivor.api(token).post(`/api/readers/${handheld.reader.id}/credentials`).expect(200)).body as { password: string };
    await assert.rejects(connectReader(broker.url, handheld.credentials.username, old), /Not authorized|Bad username or password/i);
    const view = (await survivor.api(token).get(`/api/readers/${handheld.reader.id}`).expect(200)).body as ReaderView;
    const topics = { ...view.topics, events: 'site/hh-scale/reads' };
    await survivor.api(token).put(`/api/readers/${handheld.reader.id}`).query({ expectedVersion: view.version }).send({ name: view.name, kind: view.kind, format: view.format, zoneId: view.zoneId, host: view.host, antennas: view.antennas, deviceMode: view.deviceMode, operatingMode: view.operatingMode, switch: view.switch, topics }).expect(200);
    const client = await mqtt.connectAsync(broker.url, { username: handheld.credentials.username, password: rotated.password, clientId: 'HH-SCALE-2', protocolVersion: 5, reconnectPeriod: 0 });
    await client.publishAsync(topics.events, JSON.stringify({ reads: [{ epc: epc(3), antenna: 1 }] }), { qos: 1 });
    await assert.rejects(client.publishAsync(handheld.reader.topics.events, JSON.stringify({ reads: [{ epc: epc(4), antenna: 1 }] }), { qos: 1 }), /Not authorized|135/i);
    await client.endAsync();
  });

  it('a server that joins takes its share; SIGTERM drains it: its readers go back at once and it exits cleanly', async () => {
    const survivor = servers.find((s) => s.running)!;
    const ready = (await survivor.api().get('/api/health/ready').expect(200)).body as { status: string; redis: string; mqtt: string };
    assert.deepEqual([ready.status, ready.redis, ready.mqtt], ['ready', 'up', 'up']);
    const joined = await startServer('server-c', { ...env });
    servers.push(joined);
    assert.ok(gateSim.connected, 'a server’s start knocks no reader off the broker (its accounts unchanged)');
    const moved = await waitFor('a reader moved to the new server', async () => {
      const { rows } = await sql.query<{ reader_id: string }>("select reader_id from reader_owners where server_id = 'server-c' and expires_at > now()");
      return rows[0]?.reader_id;
    }, 20_000);
    await waitFor('the survivor handles one reader', async () => /rfid_readers_owned\{server="[^"]+"\} 1\b/.test((await survivor.api().get('/metrics').expect(200)).text));
    const stoppedAt = Date.now();
    assert.equal(await joined.stop('SIGTERM'), 0, 'a drained server exits with 0');
    assert.ok(joined.log.some((l) => l.includes('readers handed over')), 'the drain handed its readers over');
    await waitFor('the reader back on the survivor', async () => (await ownerOf(moved)) === survivor.id, 10_000);
    const metrics = (await survivor.api().get('/metrics').expect(200)).text;
    for (const series of ['rfid_reads_total', 'rfid_observations_total', 'rfid_duplicate_reads_total', 'rfid_observation_queue_depth', 'rfid_reader_last_message_age_seconds', 'http_request_duration_seconds_bucket', 'rfid_event_append_duration_seconds_count', 'rfid_processor_lag_events', 'rfid_pushes_total', 'rfid_db_pool_connections']) {
      assert.ok(metrics.includes(series), `/metrics has ${series}`);
    }
    process.stdout.write(`# drain: the reader handled by the survivor again ${Date.now() - stoppedAt} ms after SIGTERM\n`);
  });
});
