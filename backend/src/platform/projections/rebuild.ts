import { sql } from 'kysely';
import type { Db } from '../database/database.js';
import { retryingDeadlocks } from '../database/deadlocks.js';
import type { EventStore } from '../event-store/event-store.js';
import type { InlineProjections } from './inline-projections.js';

export interface RebuildProgress {
  projections: string[];
  done: number;
  total: number;
}

/**
 * Empties the read models of the named projections (all when none is named) and replays the whole
 * store into them, in one transaction: readers see the old rows until the new ones are complete, and
 * appends that touch these tables wait for the rebuild rather than interleave with it. Emptying many
 * tables while the site writes can deadlock with a transaction that took them in the other order: the
 * rebuild then starts over.
 */
export async function rebuildProjections(
  db: Db,
  store: EventStore,
  registry: InlineProjections,
  names: string[],
  onProgress: (p: RebuildProgress) => void = () => {},
): Promise<RebuildProgress> {
  const unknown = names.filter((n) => !registry.get(n));
  if (unknown.length) throw new Error(`unknown projection ${unknown.join(', ')}; known: ${registry.names.join(', ')}`);
  const chosen = (names.length ? names : registry.names).map((n) => registry.get(n)!);
  const types = [...new Set(chosen.flatMap((p) => Object.keys(p.handlers)))];
  return retryingDeadlocks(() =>
    db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ n: number }>`select count(*)::bigint as n from events where type = any(${types}::text[])`.execute(tx);
      const progress: RebuildProgress = { projections: chosen.map((p) => p.name), done: 0, total: rows[0]!.n };
      await registry.truncate(chosen, tx);
      onProgress(progress);
      for await (const batch of store.scan({ db: tx, types })) {
        await registry.applyTo(chosen, tx, batch);
        progress.done += batch.length;
        onProgress(progress);
      }
      return progress;
    }),
  );
}
