import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js';
import { ProcessorRunner } from './processor-runner.js';

const fixture = fileURLToPath(new URL('../../testing/effect-processor.fixture.js', import.meta.url));
const TOTAL = 400;

function startFixture(url: string): ChildProcess {
  return spawn(process.execPath, [fixture], { env: { ...process.env, FIXTURE_DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('asynchronous processors', () => {
  let tp: TestPlatform;
  before(async () => {
    tp = await createTestPlatform({}, []);
    await sql`create table test_effects (event_id uuid not null, n int not null)`.execute(tp.platform.db);
    for (let n = 1; n <= TOTAL; n++) {
      await tp.platform.store.append(`numbers-${n % 7}`, 'numbers', [{ type: 'Numbered', data: { n } }, { type: 'Ignored', data: {} }]);
    }
  });
  after(() => tp.close());

  const effects = async () =>
    (await sql<{ rows: number; distinct: number }>`select count(*)::int as rows, count(distinct event_id)::int as distinct from test_effects`.execute(tp.platform.db)).rows[0]!;

  it('a processor killed mid-way resumes from its checkpoint without a duplicate effect', async () => {
    const first = startFixture(tp.url);
    await waitFor('some effects', async () => (await effects()).rows >= 60);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await effects();
    assert.ok(atKill.rows < TOTAL, `killed mid-way (${atKill.rows} of ${TOTAL} done)`);
    assert.equal(atKill.rows, atKill.distinct, 'no duplicate before the kill');

    const second = startFixture(tp.url);
    try {
      await waitFor('all effects', async () => (await effects()).rows >= TOTAL);
      const last = await sql<{ p: number }>`select max(global_position)::bigint as p from events`.execute(tp.platform.db);
      await waitFor('the checkpoint at the end', async () => (await ProcessorRunner.checkpoint(tp.platform.db, 'test-effects')).globalPosition === last.rows[0]!.p);
      await new Promise((r) => setTimeout(r, 500));
      const done = await effects();
      assert.equal(done.rows, TOTAL, 'each event had its effect once');
      assert.equal(done.distinct, TOTAL);
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
  });

  it('only one runner holds a processor at a time', async () => {
    const client = await tp.platform.database.pool.connect();
    try {
      const held = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(hashtext('processor:test-effects')) as ok`);
      assert.equal(held.rows[0]!.ok, true, 'free once the runners have stopped');
      const before = await effects();
      await tp.platform.store.append('numbers-late', 'numbers', [{ type: 'Numbered', data: { n: TOTAL + 1 } }]);
      tp.platform.processors.start(
        { name: 'test-effects', handles: ['Numbered'], handle: async (tx, e) => void (await sql`insert into test_effects (event_id, n) values (${e.eventId}, ${e.data.n})`.execute(tx)) },
        { pollIntervalMs: 100 },
      );
      await new Promise((r) => setTimeout(r, 800));
      assert.equal((await effects()).rows, before.rows, 'a runner without the lease does nothing');
      await client.query(`select pg_advisory_unlock(hashtext('processor:test-effects'))`);
    } finally {
      client.release();
    }
    await waitFor('the standby to take over', async () => (await effects()).rows === TOTAL + 1, 15_000);
    await tp.platform.processors.stopAll();
  });
});
