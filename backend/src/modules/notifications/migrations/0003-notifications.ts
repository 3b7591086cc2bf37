import { sql, type Kysely } from 'kysely';

/**
 * The notification centre: each user's notifications (written by the notifications processor) and
 * the disabled alerts (an inline projection of AlertDisabled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id               uuid        primary key,
      -- the recipient: nobody else sees, reads, deletes or disables it
      user_id          uuid        not null,
      -- the event that caused it; with user_id unique, so a replayed event never notifies twice
      source_event_id  uuid        not null,
      -- rendered per request in its language (contracts' NOTIFICATION_MESSAGES), never stored as text
      message_key      text        not null,
      params           jsonb       not null default '{}',
      alert_log_id     text,
      reader_host_name text,
      reader_name      text,
      created_at       timestamptz not null,
      -- breaks ties between notifications of one append (they share created_at): insertion order
      seq              bigint      generated always as identity,
      read_at          timestamptz,
      -- deleted rows stay (hidden), so that a replay of their event cannot bring them back
      deleted_at       timestamptz,
      constraint notifications_source_event_user_key unique (source_event_id, user_id)
    );
    -- the bell and the list page: a user's visible notifications, newest first
    create index notifications_inbox on notifications (user_id, created_at desc, seq desc) where deleted_at is null;
    -- the badge: a user's unread count
    create index notifications_unread on notifications (user_id) where read_at is null and deleted_at is null;

    -- An alert is disabled once, for every user it was sent to; the notifications join this table, so
    -- a notification of the alert written after the disable shows it too.
    create table alert_disablements (
      alert_log_id    text        primary key,
      disabled_by     text        not null,
      disabled_by_id  uuid,
      disabled_at     timestamptz not null,
      reason          text
    );
  `.execute(db);
}
