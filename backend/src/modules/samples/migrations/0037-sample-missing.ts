import { sql, type Kysely } from 'kysely';

/**
 * A sample a stocktake did not find, marked missing on its close (when chosen), until a reader sees
 * its tag again. Nothing to fill: no stocktake has closed before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table samples add column missing_since timestamptz;
    -- the readers' sightings ask, per batch, which of their tags are a missing sample's
    create index samples_missing_tags on samples (current_tag_code) where missing_since is not null;
  `.execute(db);
}
