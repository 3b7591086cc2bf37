// A processor run in a child process by processor-runner.spec.ts, which kills it mid-way: each effect is
// a row in test_effects (no unique constraint, so a duplicate effect would show as a second row). With
// FIXTURE_HOLD_AT=n, the batch holding event n waits, uncommitted, for the advisory lock HOLD_KEY that
// the test holds: the test kills it there, mid-way for certain, whatever the machine's speed.
import { sql } from 'kysely';
import { Platform } from '../platform/platform.js';
import { testConfig, testLogger } from './test-platform.js';

const HOLD_KEY = 7_402_113;
const holdAt = Number(process.env.FIXTURE_HOLD_AT ?? 0);

const platform = await Platform.create(testConfig(process.env.FIXTURE_DATABASE_URL!), testLogger, []);
platform.processors.start(
  {
    name: 'test-effects',
    handles: ['Numbered'],
    async handle(tx, event) {
      await sql`insert into test_effects (event_id, n) values (${event.eventId}, ${event.data.n})`.execute(tx);
      if (event.data.n === holdAt) await sql`select pg_advisory_xact_lock_shared(${HOLD_KEY})`.execute(tx);
    },
  },
  { batchSize: 10, pollIntervalMs: 200 },
);
process.stdout.write('started\n');
process.on('SIGTERM', () => void platform.close().then(() => process.exit(0)));
