import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { CountingDetail, CountingView } from '@rfid/contracts';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { adminUrl } from '@rfid/backend/testing/test-platform';
import { TcpProxy } from '@rfid/backend/testing/tcp-proxy';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { ObservationBus } from '@rfid/backend/modules/readers/readers.public';
import { SimulatedReader } from '@rfid/simulators';
import { createAppWithBroker, epc, registerReader } from './reader-fixtures.js';

/** How long an answer may take at most while the database is gone: the pool's connect timeout and a margin. */
const ANSWER_WITHIN_MS = 15_000;

/**
 * The database lost under a running server: its connections ended by PostgreSQL (`pg_terminate_backend`,
 * what a restart, a failover or a network reset does) while users write and a reader counts, and the
 * database out of reach altogether (a TCP proxy between them, cut). The process stays up, a write is
 * answered 2xx only when stored and 503 SERVICE_UNAVAILABLE otherwise (never 500, never a hang), the
 * reader stays connected, and everything comes back without a restart: processors take their lease
 * again, counting goes on, `/api/health` says the database is down exactly while it is.
 */
describe('the database lost and back', () => {
  let t: TestApp;
  let admin: string;
  let proxy: TcpProxy;
  let database: string;
  let killer: pg.Client;
  let sim: SimulatedReader;
  let countingReaderId: string;
  let readerDrops = 0;
  let nextTag = 1;

  before(async () => {
    const target = new URL(adminUrl());
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    let url: string;
    ({ t, url } = await createAppWithBroker({}, { databaseUrlOf: (databaseUrl) => proxy.url(databaseUrl) }));
    database = new URL(t.platform.config.databaseUrl!).pathname.slice(1);
    killer = new pg.Client({ connectionString: adminUrl() });
    await killer.connect();
    admin = await t.adminToken();
    // the reader sends no heartbeat: the test must not see it timed out
    await t.api(admin).put('/api/system-settings').send({ readerHeartbeatTimeoutSeconds: 3600, countingIdleSeconds: 3600 }).expect(200);
    const r = await registerReader(t, admin, { code: 'HH-FAULT', name: 'Handheld', kind: 'HANDHELD', deviceMode: 'COUNTING', antennas: [{ port: 1, power: 20 }] });
    countingReaderId = r.reader.id;
    sim = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'ZEBRA', topics: r.reader.topics, antennas: [1], heartbeatSeconds: 0 });
    sim.mqtt.on('close', () => readerDrops++);
    await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'start' }).expect(200);
  });
  after(async () => {
    proxy?.restore();
    await sim?.leave('goodbye').catch(() => {});
    await killer?.end();
    await t?.close();
    await proxy?.close();
  });

  /** Ends every connection the server has to its database; answers how many there were. */
  const terminateServerConnections = async () =>
    (await killer.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database])).rowCount ?? 0;

  /** A write as users make them: a catalogue item, answered 201 with its id, or refused. */
  let written = 0;
  const write = () => {
    const n = ++written;
    return t
      .api(admin)
      .post('/api/master-data/seasons')
      .timeout(ANSWER_WITHIN_MS)
      .send({ code: `fault-${n}`, name: `Mùa thử ${n}`, status: 'ACTIVE' });
  };

  /** Reads `count` tags never read before and answers their EPCs. */
  const readNewTags = async (count: number) => {
    const epcs = Array.from({ length: count }, () => epc(nextTag++));
    await sim.read(epcs.map((e) => ({ epc: e, antenna: 1, rssi: -50, count: 1 })));
    return epcs;
  };

  const countedTags = async (): Promise<Set<string>> => {
    const list = (await t.api(admin).get('/api/countings').query({ readerId: countingReaderId }).expect(200)).body.data as CountingView[];
    const tags = new Set<string>();
    for (const c of list) for (const tag of ((await t.api(admin).get(`/api/countings/${c.id}`).expect(200)).body as CountingDetail).tags) tags.add(tag.epc);
    return tags;
  };

  const waitForCounted = (epcs: string[], what: string, timeoutMs?: number) =>
    waitFor(
      what,
      async () => {
        const tags = await countedTags();
        return epcs.every((e) => tags.has(e));
      },
      timeoutMs,
    );

  /** Every processor that ran before has caught up with the newest event: each holds its lease again. */
  const processorsCaughtUp = async (names: string[]) => {
    const { rows } = await t.platform.database.pool.query<{ caught_up: number }>(
      `select count(*)::int as caught_up from processor_checkpoints
        where name = any($1) and global_position >= (select max(global_position) from events)`,
      [names],
    );
    return rows[0]!.caught_up === names.length;
  };

  it('connections ended again and again while users write and a reader counts: the process stays, every 2xx write is stored, refusals are 503, all resumes', async (ctx) => {
    const processors = t.platform.processors.names;
    assert.ok(processors.length >= 2, `processors: ${processors.join(', ')}`);
    // each has taken what happened so far (the setup's events) before the faults begin
    await waitFor('every processor running', () => processorsCaughtUp(processors));
    await waitForCounted(await readNewTags(3), 'the first tags counted');

    const created: string[] = [];
    const refused: { status: number; code: string }[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const res = await write();
        if (res.status === 201) created.push(res.body.id as string);
        else refused.push({ status: res.status, code: res.body.code as string });
      }
    });
    let reading = true;
    const acknowledged: string[] = [];
    const reader = (async () => {
      while (reading) acknowledged.push(...(await readNewTags(5)));
    })();

    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const storedBefore = created.length;
      terminated += await terminateServerConnections();
      // the server answers writes again before the next round: it recovered without a restart
      await waitFor(`writes stored again after round ${round + 1}`, () => created.length > storedBefore + 2, 30_000);
    }
    writing = false;
    reading = false;
    await Promise.all([...writers, reader]);

    assert.ok(terminated >= 5, `connections ended: ${terminated}`);
    for (const r of refused) assert.deepEqual(r, { status: 503, code: 'SERVICE_UNAVAILABLE' });
    // every write answered 201 is there, under its id
    const stored = await t.platform.database.pool.query<{ id: string }>(`select id from master_data_items where id = any($1)`, [created]);
    assert.equal(stored.rowCount, created.length, `${created.length} writes answered 201`);
    assert.equal(new Set(created).size, created.length);

    await waitFor('every processor back on its lease and caught up', () => processorsCaughtUp(processors), 30_000);
    // every read the broker acknowledged during the faults is counted: none lost to a failed batch
    await waitForCounted(acknowledged, `the ${acknowledged.length} tags read during the faults counted`, 30_000);
    await waitForCounted(await readNewTags(3), 'tags read after the faults counted');
    ctx.diagnostic(`${terminated} connections ended in 5 rounds; ${created.length} writes answered 201 and stored, ${refused.length} answered 503; ${acknowledged.length} reads acknowledged and counted`);
    assert.equal(readerDrops, 0, 'the reader stayed connected');
    const health = await t.api().get('/api/health').expect(200);
    assert.equal(health.body.database, 'up');
  });

  it('the database out of reach: health says so, writes answer 503 without hanging, and it all comes back when it is reachable', async () => {
    const processors = t.platform.processors.names;
    proxy.cut();
    try {
      const health = await t.api().get('/api/health').timeout(ANSWER_WITHIN_MS);
      assert.deepEqual([health.status, health.body.database, health.body.status], [503, 'down', 'degraded']);
      const res = await write();
      assert.deepEqual([res.status, res.body.code], [503, 'SERVICE_UNAVAILABLE']);
      const list = await t.api(admin).get('/api/master-data/seasons').timeout(ANSWER_WITHIN_MS);
      assert.deepEqual([list.status, list.body.code], [503, 'SERVICE_UNAVAILABLE']);
    } finally {
      proxy.restore();
    }
    await waitFor('health says the database is up', async () => (await t.api().get('/api/health')).body.database === 'up', 30_000);
    const res = await write();
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await waitFor('every processor back on its lease and caught up', () => processorsCaughtUp(processors), 30_000);
    await waitForCounted(await readNewTags(3), 'tags read after the outage counted');
    assert.equal(readerDrops, 0, 'the reader stayed connected');
  });

  it('a consumer that meets the database out of reach is offered the batch again; one failing otherwise gives it up, counted in the integration log', async () => {
    const bus = t.app.get(ObservationBus);
    const offered: number[] = [];
    let outages = 2;
    bus.register({
      name: 'test-unreachable-twice',
      consume: async (batch) => {
        offered.push(batch.length);
        if (outages-- > 0) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
    });
    bus.register({
      name: 'test-broken',
      consume: async () => {
        throw new Error('a consumer with a bug');
      },
    });
    const epcs = await readNewTags(4);
    await waitFor('the batch taken at the third offer', () => offered.length === 3);
    assert.deepEqual(offered, [4, 4, 4]);
    const entry = await waitFor('the given-up batch in the integration log', async () => {
      const res = await t.api(admin).get('/api/integration-logs').query({ readerId: countingReaderId, outcome: 'FAILED' }).expect(200);
      return (res.body.data as { summary: string; reason: string }[]).find((e) => e.summary.includes('test-broken'));
    });
    assert.deepEqual([entry.summary, entry.reason], ['4 reads given up by test-broken after 1 attempt', 'test-broken: a consumer with a bug']);
    // the other consumers took them all the same
    await waitForCounted(epcs, 'the tags counted');
  });
});
