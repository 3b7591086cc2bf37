import { sql, type Kysely } from 'kysely';

/**
 * The samples read model (an inline projection of the Sample* events, and of TagLinked / TagUnlinked
 * for the current tag and the usage count). A deleted sample keeps its row with `deleted_at` set, so
 * reports still name what was linked; lists leave it out, and its code is free again. The sample code
 * is unique among the samples not deleted (SAMPLE_EXISTS), atomically with the append.
 *
 * The events table gets one partial index, for a sample's timeline (the tag events that name it).
 *
 * Codes the system makes: 'SP' and a number from sample_code_seq, six digits at least, skipping a
 * code a user has already given to a sample.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create sequence sample_code_seq;

    create table samples (
      id               uuid        primary key,
      sample_code      text        not null,
      name             text        not null,
      model_name       text        not null,
      art_number       text        not null,
      season_id        uuid        not null,
      stage_id         uuid,
      type_id          uuid,
      size_id          uuid        not null,
      gender_id        uuid,
      side             text,
      color            text,
      category_id      uuid        not null,
      customer_id      uuid        not null,
      current_zone_id  uuid,
      current_tag_code text,
      usage_count      integer     not null default 0,
      version          integer     not null,
      created_at       timestamptz not null,
      updated_at       timestamptz not null,
      deleted_at       timestamptz,
      -- what the list's text search reads: code, name, model, art number and colour, apart
      search_text      text generated always as (
        sample_code || E'\\x1f' || name || E'\\x1f' || model_name || E'\\x1f' || art_number || E'\\x1f' || coalesce(color, '')
      ) stored
    );
    create unique index samples_sample_code_key on samples (sample_code) where deleted_at is null;
    -- The list (every list answers a page and the total of its filter) at 200,000 samples: each order of
    -- the screen has its index, so a page is the first rows of an index scan; each reference filter
    -- has one that also holds the default order (last updated first), so a filtered page and the
    -- count of its filter read only the matching entries. id breaks ties between pages.
    create index samples_by_updated_at on samples (updated_at, id) where deleted_at is null;
    create index samples_by_created_at on samples (created_at, id) where deleted_at is null;
    create index samples_by_name on samples (name, id) where deleted_at is null;
    create index samples_by_model_name on samples (model_name, id) where deleted_at is null;
    create index samples_by_art_number on samples (art_number, id) where deleted_at is null;
    create index samples_by_usage_count on samples (usage_count, id) where deleted_at is null;
    create index samples_by_season on samples (season_id, updated_at, id) where deleted_at is null;
    create index samples_by_stage on samples (stage_id, updated_at, id) where deleted_at is null;
    create index samples_by_type on samples (type_id, updated_at, id) where deleted_at is null;
    create index samples_by_size on samples (size_id, updated_at, id) where deleted_at is null;
    create index samples_by_gender on samples (gender_id, updated_at, id) where deleted_at is null;
    create index samples_by_category on samples (category_id, updated_at, id) where deleted_at is null;
    create index samples_by_customer on samples (customer_id, updated_at, id) where deleted_at is null;
    create index samples_by_zone on samples (current_zone_id, updated_at, id) where deleted_at is null;
    -- "linked": few samples have a tag at a time
    create index samples_linked on samples (updated_at, id) where deleted_at is null and current_tag_code is not null;
    -- How many samples there are, and how many have a tag: the total of an unfiltered list without
    -- counting 200,000 rows (one row, kept by the same projection).
    create table sample_counts (
      id     boolean primary key default true check (id),
      total  integer not null,
      linked integer not null
    );

    -- The text search ("contains", any case) through a trigram index when the server has pg_trgm (the
    -- embedded one has; an external one may not, and then the search reads the table).
    do $do$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): the sample search reads the whole table', sqlerrm;
    end $do$;
    do $do$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index samples_search on samples using gin (search_text gin_trgm_ops) where deleted_at is null;
      end if;
    end $do$;

    -- a sample's timeline: the links and unlinks of tags to it live in the tags' streams. Partial,
    -- so every other append pays nothing for it.
    create index events_tag_links_by_sample on events ((data->>'sampleId'), global_position)
      where type in ('TagLinked', 'TagUnlinked');

    create function next_sample_code() returns text language plpgsql as $$
    declare
      v_n bigint;
      v_code text;
    begin
      loop
        v_n := nextval('sample_code_seq');
        -- lpad would cut a longer number: from a million on, the number as it is
        v_code := 'SP' || case when v_n < 1000000 then lpad(v_n::text, 6, '0') else v_n::text end;
        exit when not exists (select 1 from samples s where s.sample_code = v_code and s.deleted_at is null);
      end loop;
      return v_code;
    end $$;
  `.execute(db);
}
