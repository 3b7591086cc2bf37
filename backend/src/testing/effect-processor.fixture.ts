// A processor run in a child process by processor-runner.spec.ts, which kills it mid-way: each effect is
// a row in test_effects (no unique constraint, so a duplicate effect would show as a second row).
import { sql } from 'kysely';
import { Platform } from '../platform/platform.js';
import { testConfig, testLogger } from './test-platform.js';

const platform = await Platform.create(testConfig(process.env.FIXTURE_DATABASE_URL!), testLogger, []);
platform.processors.start(
  {
    name: 'test-effects',
    handles: ['Numbered'],
    async handle(tx, event) {
      await sql`insert into test_effects (event_id, n) values (${event.eventId}, ${event.data.n})`.execute(tx);
      // paced so that the test's kill lands mid-way (the test checks that it did, it proves nothing else)
      await new Promise((r) => setTimeout(r, 2));
    },
  },
  { batchSize: 10, pollIntervalMs: 200 },
);
process.stdout.write('started\n');
process.on('SIGTERM', () => void platform.close().then(() => process.exit(0)));
