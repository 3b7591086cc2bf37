import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createTestPlatform, testLogger, type TestPlatform } from '../../testing/test-platform.js';
import { waitFor } from '../../testing/wait-for.js';
import { AdvisoryLease } from '../database/advisory-lease.js';
import { ProcessorRunner } from './processor-runner.js';

const fixture = fileURLToPath(new URL('../../testing/effect-processor.fixture.js', import.meta.url));
const TOTAL = 400;

/** The fixture's processor in a process of its own; `holdAt`: the event whose batch waits for the lock the test holds. */
function startFixture(url: string, holdAt?: number): ChildProcess {
  return spawn(process.execPath, [fixture], { env: { ...process.env, FIXTURE_DATABASE_URL: url, FIXTURE_HOLD_AT: String(holdAt ?? '') }, stdio: ['ignore', 'pipe', 'inherit'] });
}
/** The fixture's hold (its advisory lock key): the same number as in effect-processor.fixture.ts. */
const HOLD_KEY = 7_402_113;

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
    // the test holds the lock the batch of event 61 waits for, uncommitted: killed there, it is mid-way
    const holder = await tp.platform.database.pool.connect();
    await holder.query('select pg_advisory_lock($1)', [HOLD_KEY]);
    const first = startFixture(tp.url, 61);
    try {
      await waitFor(
        'the processor held at event 61',
        // in this test's database: another run of this test, side by side, waits on the same key in its own
        async () =>
          (await holder.query(`select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted and database = (select oid from pg_database where datname = current_database())`, [HOLD_KEY]))
            .rowCount,
        30_000,
      );
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [HOLD_KEY]);
      holder.release();
    }
    const atKill = await effects();
    assert.ok(atKill.rows > 0 && atKill.rows < 61, `killed mid-way (${atKill.rows} of ${TOTAL} done)`);
    assert.equal(atKill.rows, atKill.distinct, 'no duplicate before the kill');

    const second = startFixture(tp.url);
    try {
      await waitFor('all effects', async () => (await effects()).rows >= TOTAL, 30_000);
      // An event it ignores, appended after all the others: once the checkpoint has passed it, every
      // batch before it is committed, so a late duplicate effect would already be in the table.
      const { events } = await tp.platform.store.append('numbers-marker', 'numbers', [{ type: 'Ignored', data: {} }]);
      const marker = events[0]!.globalPosition;
      await waitFor('the checkpoint past the marker', async () => (await ProcessorRunner.checkpoint(tp.platform.db, 'test-effects')).globalPosition >= marker, 30_000);
      const done = await effects();
      assert.equal(done.rows, TOTAL, 'each event had its effect once');
      assert.equal(done.distinct, TOTAL);
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
  });

  it('only one runner holds a processor at a time', async (t) => {
    const pool = tp.platform.database.pool;
    // Another instance's runner: the test counts the times it asks for the lease and is refused.
    let leaseRefusals = 0;
    const tryTake = AdvisoryLease.tryTake.bind(AdvisoryLease);
    AdvisoryLease.tryTake = async (...args) => {
      const lease = await tryTake(...args);
      if (!lease && args[1] === 'processor:test-effects') leaseRefusals++;
      return lease;
    };
    t.after(() => void (AdvisoryLease.tryTake = tryTake));
    const standby = new ProcessorRunner(tp.platform.db, pool, tp.platform.store, tp.platform.notifier, testLogger);
    const client = await pool.connect();
    try {
      const held = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(hashtext('processor:test-effects')) as ok`);
      assert.equal(held.rows[0]!.ok, true, 'free once the runners have stopped');
      const before = await effects();
      await tp.platform.store.append('numbers-late', 'numbers', [{ type: 'Numbered', data: { n: TOTAL + 1 } }]);
      standby.start(
        { name: 'test-effects', handles: ['Numbered'], handle: async (tx, e) => void (await sql`insert into test_effects (event_id, n) values (${e.eventId}, ${e.data.n})`.execute(tx)) },
        { pollIntervalMs: 100 },
      );
      await waitFor('the standby to be refused the lease', () => leaseRefusals >= 1);
      assert.equal((await effects()).rows, before.rows, 'a runner without the lease does nothing');
      await client.query(`select pg_advisory_unlock(hashtext('processor:test-effects'))`);
    } finally {
      client.release();
    }
    try {
      await waitFor('the standby to take over', async () => (await effects()).rows === TOTAL + 1, 15_000);
    } finally {
      await standby.stopAll();
    }
  });
});
