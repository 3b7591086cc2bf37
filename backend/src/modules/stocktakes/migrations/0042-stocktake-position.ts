import { sql, type Kysely } from 'kysely';

/**
 * `stocktakes.position`: the global position of the last event that changed a stocktake as its page
 * shows it (status, totals, lines: its counts are events on streams of their own, so its stream version
 * does not move with them). Pushes and answers carry it, so that the page never puts an older reading
 * back over a newer one. Rows made before start at 0: the next change sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stocktakes add column position bigint not null default 0`.execute(db);
}
