import { sql, type Kysely } from 'kysely';

/**
 * The record of every event a migration changed by removing fields from it (redaction.ts): which
 * event, which fields, its hash before and after, why and when. Written only by redactEventFields().
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event_redactions (
      global_position bigint      not null,
      stream_id       text        not null,
      stream_version  integer     not null,
      removed_fields  text[]      not null,
      hash_before     text        not null,
      hash_after      text        not null,
      reason          text        not null,
      redacted_at     timestamptz not null default now()
    );
    create index event_redactions_position on event_redactions (global_position);
  `.execute(db);
}
