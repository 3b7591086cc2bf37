import { SAMPLE_FIELDS } from '@rfid/contracts';
import { sql, type Kysely } from 'kysely';
import { batchesOf } from '../../../platform/database/search-key-backfill.js';
import { columnOf, valuesOf, type EntityRow } from '../../../platform/entity-fields/entity-columns.js';
import { searchKeysRow } from '../projections/samples.projection.js';

/**
 * The sample list searches without accents and case, and sorts its texts in Vietnamese order.
 *
 * The search reads `sample_search_keys`, one narrow row per sample (its search key, made by the
 * projection from the fields marked `search`), not a column of `samples`: a search that matches many
 * samples ("mau 7": 15,000 of 200,000) is counted from the trigram index and this table alone, which
 * reads half the pages the samples table would. A deleted sample keeps its key (marked `deleted`),
 * so that the link reports still find its links. It replaces the generated `search_text`, which
 * compared accents and case as typed.
 *
 * The sort indexes of the text columns are made again with the collation `vietnamese` that the list
 * orders by, and the sample code gets one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists samples_search;
    alter table samples drop column search_text;
    create table sample_search_keys (
      sample_id  uuid    primary key,
      search_key text    not null,
      deleted    boolean not null
    );

    drop index samples_by_name;
    drop index samples_by_model_name;
    drop index samples_by_art_number;
    create index samples_by_sample_code on samples (sample_code collate vietnamese, id) where deleted_at is null;
    create index samples_by_name on samples (name collate vietnamese, id) where deleted_at is null;
    create index samples_by_model_name on samples (model_name collate vietnamese, id) where deleted_at is null;
    create index samples_by_art_number on samples (art_number collate vietnamese, id) where deleted_at is null;
  `.execute(db);

  // the keys of the samples there are, made as the projection makes them
  const source = { table: 'samples', id: 'id', idType: 'uuid', columns: [...Object.keys(SAMPLE_FIELDS).map(columnOf), 'deleted_at'] } as const;
  for await (const rows of batchesOf<EntityRow<typeof SAMPLE_FIELDS> & { id: string; deleted_at: Date | null }>(db, source)) {
    const keys = rows.map((r) => searchKeysRow(r.id, valuesOf(SAMPLE_FIELDS, r), r.deleted_at !== null));
    await sql`
      insert into sample_search_keys (sample_id, search_key, deleted)
      select * from unnest(${keys.map((k) => k.sample_id)}::uuid[], ${keys.map((k) => k.search_key)}::text[], ${keys.map((k) => k.deleted)}::boolean[])
    `.execute(db);
  }

  // Made after the backfill, which is quicker; through pg_trgm when the server has it (see 0005). New
  // keys wait in the index's pending list, which every search reads whole until (auto)vacuum merges
  // it. Held to 256 kB (the default is 4 MB): with 200,000 samples, a search counted right after
  // 10,000 new keys took 7.6 ms instead of 15 (7.4 after a vacuum), and the keys' insert 0.07 s more.
  await sql`
    do $do$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index sample_search_keys_trigrams on sample_search_keys using gin (search_key gin_trgm_ops) with (gin_pending_list_limit = 256);
      end if;
    end $do$;
  `.execute(db);
}
