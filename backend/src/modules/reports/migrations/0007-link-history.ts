import { sql, type Kysely } from 'kysely';

/**
 * The linking and unlink reports' read model: one row per TagLinked / TagUnlinked event (its global
 * position is the id), with who did it. The reports join the sample for its attributes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tag_link_history (
      id          bigint      primary key,
      action      text        not null,
      at          timestamptz not null,
      tag_code    text        not null,
      sample_id   uuid        not null,
      sample_code text        not null,
      user_id     text,
      username    text,
      reason      text
    );
    -- each report reads one action over a date range, newest first
    create index tag_link_history_by_action_at on tag_link_history (action, at, id);
    create index tag_link_history_by_user on tag_link_history (action, user_id, at);
    create index tag_link_history_by_sample on tag_link_history (sample_id);
  `.execute(db);
}
