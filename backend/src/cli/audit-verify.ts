// npm run audit:verify — recompute every stream's hash chain; `OK n events`, or the first broken event and exit 1.
import { verifyEventStore } from '../platform/event-store/chain-verifier.js';
import { progressLine, runCli } from './cli-platform.js';

await runCli(async (platform) => {
  const progress = progressLine();
  const result = await verifyEventStore(platform.db, (n) => progress.update(`verifying: ${n} events`));
  if (result.ok) {
    progress.done(`verified ${result.streams} streams`);
    process.stdout.write(`OK ${result.events} events\n`);
    return 0;
  }
  progress.done('verification failed');
  process.stdout.write(
    `BROKEN stream ${result.streamId} version ${result.version ?? '-'} global position ${result.globalPosition ?? '-'}: ${result.reason}\n`,
  );
  return 1;
});
