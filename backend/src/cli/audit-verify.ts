// npm run audit:verify — recompute every stream's hash chain; `OK n events`, or the first broken event and exit 1.
import { verifyEventStore } from '../platform/event-store/chain-verifier.js';
import { progressLine, runCli } from './cli-platform.js';

await runCli(async (platform) => {
  const progress = progressLine();
  const result = await verifyEventStore(platform.db, (n) => progress.update(`verifying: ${n} events`));
  if (result.ok) {
    progress.done(`verified ${result.streams} streams`);
    process.stdout.write(`OK ${result.events} events\n`);
    // Events re-hashed by a migration that removed fields (redaction.ts) verify like any other; say so.
    const redactions = await platform.db
      .selectFrom('event_redactions')
      .select([(eb) => eb.fn.countAll<number>().as('events'), (eb) => eb.fn.count<number>('reason').distinct().as('reasons')])
      .executeTakeFirstOrThrow();
    if (Number(redactions.events) > 0) {
      process.stdout.write(`   ${redactions.events} of them re-hashed when fields were removed by a migration (${redactions.reasons} redaction(s), listed in event_redactions)\n`);
    }
    return 0;
  }
  progress.done('verification failed');
  process.stdout.write(
    `BROKEN stream ${result.streamId} version ${result.version ?? '-'} global position ${result.globalPosition ?? '-'}: ${result.reason}\n`,
  );
  return 1;
});
