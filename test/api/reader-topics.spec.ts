import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { defaultReaderTopics, type IntegrationLogEntry, type ReaderCreated, type ReaderView } from '@rfid/contracts';
import { waitFor } from '@rfid/backend/testing/wait-for';
import type { MqttClient } from 'mqtt';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connectReader, registerReader } from './reader-fixtures.js';

/**
 * A reader's MQTT topics are its own: distinct, no wildcard, none of the broker's own (`$SYS`), never
 * the same as, above or below another reader's. Otherwise one reader could command another's gate (its
 * events on the other's commands topic), read as it (its events on the other's) or eavesdrop (its
 * commands on the other's events). Refused at registration and edit, under a lock and by a key.
 */
describe('reader topics are their own', () => {
  let { t, admin, url } = {} as SuiteApp;
  let a: ReaderCreated;
  let x: ReaderCreated;
  const clients: MqttClient[] = [];

  suiteApp({ broker: true, teardown: () => Promise.all(clients.map((c) => c.endAsync(true).catch(() => {}))) }, (app) => ({ t, admin, url } = app));
  before(async () => {
    a = await registerReader(t, admin, { code: 'GATE-A', kind: 'GATE' });
    x = await registerReader(t, admin, { code: 'READER-X', kind: 'FIXED' });
  });

  const editX = (topics: Record<string, string>) => {
    const { name, kind, format, antennas } = x.reader as ReaderView;
    return t.api(admin).put(`/api/readers/${x.reader.id}`).send({ name, kind, format, antennas, topics: { ...defaultReaderTopics('READER-X'), ...topics } });
  };
  const A = defaultReaderTopics('GATE-A');

  it("refuses a topic that is, is above or is below another reader's, naming the field and the reader", async () => {
    for (const [field, topic] of [
      ['events', A.commands], // X's reads would be commands to A's gate
      ['events', A.events], // X would read as A
      ['commands', A.events], // X would hear A's reads
      ['mgmt', `${A.events}/x`], // below A's events
      ['responses', 'rfid/readers/GATE-A'], // above all of A's
    ] as const) {
      const res = await editX({ [field]: topic });
      assert.equal(res.status, 409, `${field} = ${topic}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'READER_TOPIC_EXISTS');
      assert.equal(res.body.details.field, `topics.${field}`);
      assert.equal(res.body.details.reader, 'GATE-A');
    }
    // at registration too
    const res = await t.api(admin).post('/api/readers').send({ code: 'READER-Y', name: 'Y', kind: 'FIXED', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }], topics: { commands: A.commands } });
    assert.deepEqual([res.status, res.body.code, res.body.details.field], [409, 'READER_TOPIC_EXISTS', 'topics.commands']);
  });

  it("refuses a reader's own topics that are the same or nested, and the broker's own", async () => {
    const same = await editX({ events: 'site/x', mgmt: 'site/x', commands: 'site/x', responses: 'site/x' });
    assert.deepEqual([same.status, same.body.code, same.body.details.field, same.body.details.overlaps], [409, 'READER_TOPIC_EXISTS', 'topics.mgmt', 'topics.events']);
    const broker = await editX({ mgmt: '$SYS/broker/clients' });
    assert.equal(broker.status, 400);
    assert.ok((broker.body.details as { field: string }[]).some((d) => d.field === 'topics.mgmt'), JSON.stringify(broker.body));
    // topics of its own are taken
    const own = await editX({ events: 'site/x/reads', mgmt: 'site/x/status', commands: 'site/x/cmd', responses: 'site/x/answers' });
    assert.equal(own.status, 200, JSON.stringify(own.body));
  });

  it('readers registered at once naming one topic: one gets it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.api(admin).post('/api/readers').send({ code: `RACE-${i}`, name: `Race ${i}`, kind: 'FIXED', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }], topics: { events: 'site/shared/events' } }),
      ),
    );
    assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
  });

  it("a reader cannot publish on another's topic: the gate gets nothing, the attempt is logged", async () => {
    const gate = await connectReader(url, a.credentials.username, a.credentials.password, { clientId: 'GATE-A' });
    clients.push(gate);
    const received: string[] = [];
    gate.on('message', (topic) => received.push(topic));
    await gate.subscribeAsync(A.commands, { qos: 1 });
    const intruder = await connectReader(url, x.credentials.username, x.credentials.password, { clientId: 'READER-X' });
    clients.push(intruder);
    intruder.on('error', () => {});
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(A.commands, JSON.stringify({ command: 'set_gpo', command_id: 'evil', payload: { port: 1, state: false } }), { qos: 1 });
    await closed;
    await waitFor('the refusal logged', async () => {
      const log = (await t.api(admin).get('/api/integration-logs').query({ outcome: 'REJECTED', q: 'READER-X' }).expect(200)).body.data as IntegrationLogEntry[];
      return log.some((e) => e.topic === A.commands);
    });
    // a command of the back-office's own reaches the gate, alone
    await t.api(admin).post(`/api/readers/${a.reader.id}/commands`).send({ command: 'start' });
    await waitFor('the back-office command at the gate', () => received.length > 0);
    assert.deepEqual(received, [A.commands]);
  });
});
