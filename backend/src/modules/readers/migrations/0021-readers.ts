import { sql, type Kysely } from 'kysely';

/**
 * The readers module's tables. `readers` and `reader_users` are the read models of the reader streams
 * (inline projection; the unique keys enforce READER_EXISTS and USER_READER_EXISTS). The others are not
 * event-sourced: `reader_credentials` holds a secret (the MQTT password's hash); `reader_live` what the
 * devices report (connection, heartbeats), `tag_sightings` where each tag was last seen, and
 * `integration_logs` what passed between the back-office and the readers are telemetry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table readers (
      id             uuid        primary key,
      code           text        not null,
      name           text        not null,
      kind           text        not null,
      format         text        not null,
      zone_id        uuid,
      host           text,
      antennas       jsonb       not null,
      device_mode    text        not null,
      operating_mode text        not null,
      switch_state   text        not null,
      topics         jsonb       not null,
      -- code, name and host folded for an accent- and case-free search (platform/database/vietnamese-text.ts)
      search_key     text        not null,
      version        integer     not null,
      created_at     timestamptz not null,
      updated_at     timestamptz not null
    );
    create unique index readers_code_key on readers (code);
    create index readers_name on readers (name collate vietnamese, id);
    create index readers_zone on readers (zone_id);

    create table reader_users (
      reader_id   uuid        not null,
      user_id     uuid        not null,
      assigned_at timestamptz not null,
      constraint reader_users_key primary key (reader_id, user_id)
    );
    create index reader_users_user on reader_users (user_id);

    create table reader_credentials (
      reader_id     uuid        primary key,
      password_hash text        not null,
      updated_at    timestamptz not null
    );

    create table reader_live (
      reader_id             uuid        primary key,
      connection            text        not null,
      connection_changed_at timestamptz,
      last_heartbeat_at     timestamptz,
      last_message_at       timestamptz,
      temperature           double precision,
      reads_per_second      double precision not null default 0,
      firmware              text,
      scanning              boolean     not null default false
    );

    create table tag_sightings (
      epc       text        primary key,
      reader_id uuid        not null,
      antenna   integer,
      zone_id   uuid,
      seen_at   timestamptz not null
    );

    create table integration_logs (
      id            bigserial   primary key,
      at            timestamptz not null,
      reader_id     uuid,
      reader_code   text,
      kind          text        not null,
      direction     text        not null,
      topic         text,
      outcome       text        not null,
      reason        text,
      summary       text        not null,
      count         integer,
      payload       text,
      payload_bytes integer,
      -- reader code, topic, summary and reason folded for an accent- and case-free search
      search_key    text        not null
    );
    create index integration_logs_at on integration_logs (at);
    create index integration_logs_reader_at on integration_logs (reader_id, at);
  `.execute(db);
}
