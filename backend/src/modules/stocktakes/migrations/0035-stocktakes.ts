import { sql, type Kysely } from 'kysely';

/**
 * The stocktakes module's read models: `stocktakes` (the tickets with their totals), `stocktake_lines`
 * (expected items FOUND or MISSING, abnormal tags, ignored lines), `stocktake_scans` (each tag counted
 * once per stocktake), and the quick counts: `countings` with their `counting_tags`. All kept by inline
 * projections. Stocktake codes: ST and six digits from their sequence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create sequence stocktake_code_seq;
    create table stocktakes (
      id               uuid        primary key,
      code             text        not null unique,
      name             text        not null,
      note             text,
      status           text        not null,
      zone_ids         uuid[]      not null,
      reader_ids       uuid[]      not null,
      user_ids         uuid[]      not null,
      expected_total   integer     not null default 0,
      found_total      integer     not null default 0,
      missing_total    integer     not null default 0,
      abnormal_total   integer     not null default 0,
      ignored_total    integer     not null default 0,
      scanned_total    integer     not null default 0,
      corrections      jsonb,
      created_by_id    uuid,
      created_by_name  text,
      updated_by_id    uuid,
      updated_by_name  text,
      created_at       timestamptz not null,
      updated_at       timestamptz not null,
      started_at       timestamptz,
      closed_at        timestamptz,
      search_key       text        not null,
      version          integer     not null
    );
    create index stocktakes_created on stocktakes (created_at desc, id);

    create table stocktake_lines (
      id             bigint      generated always as identity primary key,
      stocktake_id   uuid        not null,
      key            text        not null,
      kind           text        not null,
      item_id        uuid,
      code           text        not null,
      name           text,
      zone_id        uuid,
      epc            text,
      expected       integer     not null,
      found          integer     not null default 0,
      result         text        not null,
      reason         text,
      other_zone_id  uuid,
      ignored        boolean     not null default false,
      ignore_note    text,
      search_key     text        not null,
      constraint stocktake_lines_key unique (stocktake_id, key)
    );
    create index stocktake_lines_result on stocktake_lines (stocktake_id, result, code);
    create index stocktake_lines_code on stocktake_lines (stocktake_id, code, id);

    create table stocktake_scans (
      stocktake_id  uuid not null,
      epc           text not null,
      primary key (stocktake_id, epc)
    );

    create table countings (
      id           uuid        primary key,
      reader_id    uuid        not null,
      user_id      uuid,
      zone_id      uuid,
      started_at   timestamptz not null,
      stopped_at   timestamptz,
      tag_count    integer     not null default 0,
      samples      integer     not null default 0,
      products     integer     not null default 0,
      unknown      integer     not null default 0
    );
    create index countings_started on countings (started_at desc, id);
    create table counting_tags (
      counting_id  uuid        not null,
      epc          text        not null,
      kind         text        not null,
      item_id      uuid,
      at           timestamptz not null,
      primary key (counting_id, epc)
    );
  `.execute(db);
}
