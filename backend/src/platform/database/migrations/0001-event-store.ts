import { sql, type Kysely } from 'kysely';

/** The append-only event store of DESIGN.md D2 and the checkpoints of asynchronous processors. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigserial primary key,
      transaction_id  xid8        not null default pg_current_xact_id(),
      stream_id       text        not null,
      stream_type     text        not null,
      stream_version  integer     not null,
      event_id        uuid        not null,
      type            text        not null,
      data            jsonb       not null,
      metadata        jsonb       not null,
      recorded_at     timestamptz not null,
      prev_hash       text,
      hash            text        not null,
      constraint events_stream_version_key unique (stream_id, stream_version),
      constraint events_event_id_key unique (event_id)
    );
    -- the $all cursor (transaction_id, global_position)
    create index events_transaction_position on events (transaction_id, global_position);
    -- the system log's filters
    create index events_recorded_at on events (recorded_at);
    create index events_type_recorded_at on events (type, recorded_at);
    create index events_actor_recorded_at on events ((metadata #>> '{actor,id}'), recorded_at);

    -- one row per stream: its version and the hash its next event chains to; locked while appending
    create table streams (
      stream_id   text        primary key,
      stream_type text        not null,
      version     integer     not null,
      last_hash   text        not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null
    );

    create table processor_checkpoints (
      name            text        primary key,
      transaction_id  xid8        not null,
      global_position bigint      not null,
      updated_at      timestamptz not null default now()
    );

    -- subscribers LISTEN on 'events' and are woken once per committing transaction
    create function notify_events() returns trigger language plpgsql as $$
    begin
      perform pg_notify('events', '');
      return null;
    end $$;
    create trigger events_notify after insert on events for each statement execute function notify_events();

    create table platform_secrets (
      name       text        primary key,
      value      text        not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}
