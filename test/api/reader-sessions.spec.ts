import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { AlertView, IntegrationLogEntry, ReaderCreated, ReaderView } from '@rfid/contracts';
import { waitFor } from '@rfid/backend/testing/wait-for';
import type { MqttClient } from 'mqtt';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connectReader, registerReader } from './reader-fixtures.js';

/**
 * A reader's connection is the sum of its MQTT sessions, and a disconnection waits out a short grace:
 * one of two sessions closing leaves the reader connected, and a connection taken over again and again
 * (two devices with one client id, a flapping link) raises no "reader disconnected" alert; only the
 * reader's last session closing for longer than the grace does, once.
 */
describe('reader sessions and the disconnection grace', () => {
  let { t, admin, url } = {} as SuiteApp;
  const clients: MqttClient[] = [];

  suiteApp({ broker: true, teardown: () => Promise.all(clients.map((c) => c.endAsync(true).catch(() => {}))) }, (app) => ({ t, admin, url } = app));
  before(async () => {
    await t.api(admin).put('/api/system-settings').send({ readerDisconnectGraceSeconds: 1, readerHeartbeatTimeoutSeconds: 3600 }).expect(200);
  });

  const session = async (r: ReaderCreated, clientId: string) => {
    const client = await connectReader(url, r.credentials.username, r.credentials.password, { clientId });
    client.on('error', () => {});
    clients.push(client);
    return client;
  };
  const live = async (r: ReaderCreated) => ((await t.api(admin).get(`/api/readers/${r.reader.id}`).expect(200)).body as ReaderView).live;
  const connection = async (r: ReaderCreated) => (await live(r)).connection;
  const disconnections = async (r: ReaderCreated) =>
    ((await t.api(admin).get('/api/integration-logs').query({ readerId: r.reader.id, kind: 'CONNECTION', size: 50 }).expect(200)).body.data as IntegrationLogEntry[]).filter((e) => e.summary.startsWith('disconnected'));
  const disconnectedAlerts = async (r: ReaderCreated) =>
    ((await t.api(admin).get('/api/alerts').query({ kind: 'READER_DISCONNECTED', size: 50 }).expect(200)).body.data as AlertView[]).filter((a) => a.gateId === r.reader.id);

  it('one of two sessions closing leaves the reader connected', async () => {
    const r = await registerReader(t, admin, { code: 'TWO-SESSIONS', kind: 'FIXED' });
    const other = await registerReader(t, admin, { code: 'ONE-SESSION', kind: 'FIXED' });
    const a = await session(r, 'TWO-SESSIONS-a');
    await session(r, 'TWO-SESSIONS-b');
    const alone = await session(other, 'ONE-SESSION');
    await waitFor('two sessions', async () => (await live(r)).sessions === 2);
    a.stream.destroy();
    await waitFor('one session left', async () => (await live(r)).sessions === 1);
    // a reader whose only session closes after that is disconnected once the grace has passed: by then
    // the first would have been too, had one session closing been a disconnection
    alone.stream.destroy();
    await waitFor('the other reader disconnected', async () => (await live(other)).connection === 'DISCONNECTED');
    assert.equal((await live(r)).connection, 'CONNECTED');
    assert.deepEqual(await disconnections(r), []);
  });

  it('a connection taken over ten times in a row raises no alert; its end past the grace raises one', async () => {
    const r = await registerReader(t, admin, { code: 'FLAPPING', kind: 'FIXED' });
    let last: MqttClient | undefined;
    for (let i = 0; i < 10; i++) last = await session(r, 'FLAPPING-device'); // each takes the session over from the one before
    await waitFor('connected', async () => (await connection(r)) === 'CONNECTED');
    await last!.endAsync();
    // a reader's connection changes are handled in turn: once the end's alert is there, any raised before it is too
    await waitFor('the alert of the end, active', async () => (await disconnectedAlerts(r)).some((a) => a.state === 'ACTIVE'));
    assert.equal((await disconnectedAlerts(r)).length, 1);
    await waitFor('the disconnection logged', async () => (await disconnections(r)).length > 0);
    assert.equal((await disconnections(r)).length, 1);
  });

  it('a new password ends the live session at once; the old one opens nothing, the new one does', async () => {
    const r = await registerReader(t, admin, { code: 'ROTATED', kind: 'FIXED' });
    const client = await session(r, 'ROTATED');
    const rotated = (await t.api(admin).post(`/api/readers/${r.reader.id}/credentials`).expect(200)).body as ReaderCreated['credentials'];
    await waitFor('the live session ended', () => !client.connected);
    await assert.rejects(connectReader(url, r.credentials.username, r.credentials.password), /Not authorized|Bad User Name or Password|Connection refused/i);
    clients.push(await connectReader(url, rotated.username, rotated.password));
  });

  it('new topics end the live session: it signs in again under them', async () => {
    const r = await registerReader(t, admin, { code: 'MOVED', kind: 'FIXED' });
    const client = await session(r, 'MOVED');
    const { name, kind, format, antennas } = r.reader as ReaderView;
    await t.api(admin).put(`/api/readers/${r.reader.id}`).send({ name, kind, format, antennas, topics: { events: 'site/moved/events' } }).expect(200);
    await waitFor('the live session ended', () => !client.connected);
  });

  it("a client id must be the reader's own: another reader's is refused and its owner stays connected", async () => {
    const owner = await registerReader(t, admin, { code: 'OWNER', kind: 'FIXED' });
    const longer = await registerReader(t, admin, { code: 'OWNER-2', kind: 'FIXED' });
    const other = await registerReader(t, admin, { code: 'OTHER', kind: 'FIXED' });
    const ownerSession = await session(owner, 'OWNER-2x');
    let ownerDrops = 0;
    ownerSession.on('close', () => ownerDrops++);
    // OTHER with OWNER's client id; OWNER with OWNER-2's: neither is the reader's own
    await assert.rejects(connectReader(url, other.credentials.username, other.credentials.password, { clientId: 'OWNER-2x' }), /Not authorized|Connection refused/i);
    await assert.rejects(connectReader(url, owner.credentials.username, owner.credentials.password, { clientId: 'OWNER-2' }), /Not authorized|Connection refused/i);
    clients.push(await connectReader(url, longer.credentials.username, longer.credentials.password, { clientId: 'OWNER-2' }));
    await waitFor('the refusals logged', async () => ((await t.api(admin).get('/api/integration-logs').query({ outcome: 'REJECTED', q: 'not the reader' }).expect(200)).body.data as IntegrationLogEntry[]).length === 2);
    assert.equal(ownerDrops, 0);
    assert.equal((await live(owner)).sessions, 1);
  });
});
