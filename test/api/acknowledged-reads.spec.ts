import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { ReaderCreated } from '@rfid/contracts';
import { startServerProcess, type ServerProcess } from '@rfid/backend/testing/server-process';
import { ADMIN_PASSWORD, createTestDatabase } from '@rfid/backend/testing/test-platform';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { epc, freePort } from './reader-fixtures.js';

/**
 * A reader that publishes at QoS 1 relies on the acknowledgement: what the broker acknowledged is
 * taken in even if the server is killed (kill -9) the moment after, before any consumer took it. The
 * test holds the consumers back (it locks the table where tag sightings are written), kills the server
 * while the reader publishes, and starts another on the same database: every read acknowledged before
 * the kill ends up seen, and the journal empties.
 */
describe('reads acknowledged at QoS 1 survive a kill -9', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Client;
  const servers: ServerProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await db.end();
    await database.drop();
  });

  const api = async (server: ServerProcess, method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('every read the broker acknowledged is taken in after a restart', async (t) => {
    const mqttPort = await freePort();
    const first = await startServerProcess(database.url, { MQTT_PORT: String(mqttPort) });
    servers.push(first);
    const token = (await api(first, 'POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).body.accessToken as string;
    const created = await api(first, 'POST', '/api/readers', { code: 'HH-ACK', name: 'Handheld', kind: 'HANDHELD', format: 'ZEBRA', deviceMode: 'READ_TAG', antennas: [{ port: 1, power: 20 }] }, token);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { credentials, reader } = created.body as unknown as ReaderCreated;
    const sim = await SimulatedReader.connect({ url: `mqtt://127.0.0.1:${mqttPort}`, code: credentials.username, password: credentials.password, format: 'ZEBRA', topics: reader.topics, antennas: [1], heartbeatSeconds: 0 });
    sim.mqtt.on('error', () => {});

    // the consumers are held back: what the server acknowledges waits, taken by nobody
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table tag_sightings in exclusive mode');
    const acknowledged: string[] = [];
    let next = 1;
    const publishing = (async () => {
      for (;;) {
        const epcs = Array.from({ length: 5 }, () => epc(next++));
        try {
          await sim.read(epcs.map((e) => ({ epc: e, antenna: 1, rssi: -50, count: 1 })), 1);
        } catch {
          return; // the server has gone: this message was never acknowledged
        }
        acknowledged.push(...epcs);
      }
    })();
    await waitFor('reads acknowledged and waiting for their consumers', () => acknowledged.length >= 200, 30_000);
    await first.kill('SIGKILL');
    // the reader gives up what it had in flight, unacknowledged
    await sim.mqtt.endAsync(true).catch(() => {});
    await publishing;
    await holder.query('rollback');
    await holder.end();

    const second = await startServerProcess(database.url, { MQTT_PORT: String(await freePort()) });
    servers.push(second);
    const seen = await waitFor(
      'every acknowledged read seen after the restart',
      async () => {
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from tag_sightings where epc = any($1)', [acknowledged]);
        return rows[0]!.n === acknowledged.length ? rows[0]!.n : undefined;
      },
      30_000,
    );
    assert.equal(seen, acknowledged.length);
    await waitFor('the journal emptied', async () => (await db.query('select 1 from observation_journal')).rowCount === 0, 30_000);
    t.diagnostic(`${acknowledged.length} reads acknowledged before the kill, ${seen} seen after the restart`);
  });
});
