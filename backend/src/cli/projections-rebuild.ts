// npm run projections:rebuild [name ...] — empty the read models and replay the event store into them.
import { rebuildProjections } from '../platform/projections/rebuild.js';
import { progressLine, runCli } from './cli-platform.js';

const names = process.argv.slice(2);

await runCli(async (platform) => {
  const progress = progressLine();
  const started = Date.now();
  const result = await rebuildProjections(platform.db, platform.store, platform.projections, names, (p) => {
    const pct = p.total ? Math.floor((p.done / p.total) * 100) : 100;
    progress.update(`rebuilding ${p.projections.join(', ')}: ${p.done}/${p.total} events (${pct}%)`);
  });
  progress.done(`rebuilt ${result.projections.join(', ')} from ${result.done} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
});
