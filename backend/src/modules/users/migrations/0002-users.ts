import { sql, type Kysely } from 'kysely';

/** Read models of users, user groups and sign-in sessions (inline projections), and sign-in throttling. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_groups (
      id          uuid        primary key,
      name        text        not null,
      description text,
      permissions text[]      not null default '{}',
      version     integer     not null,
      created_at  timestamptz not null,
      updated_at  timestamptz not null
    );
    create unique index user_groups_name_key on user_groups (lower(name));

    create table users (
      id            uuid        primary key,
      username      text        not null,
      full_name     text        not null,
      position      text,
      group_id      uuid        not null references user_groups (id),
      status        text        not null,
      password_hash text        not null,
      version       integer     not null,
      created_at    timestamptz not null,
      updated_at    timestamptz not null
    );
    create unique index users_username_key on users (lower(username));
    create index users_group_id on users (group_id);
    create index users_created_at on users (created_at);

    create table auth_sessions (
      id          uuid        primary key,
      user_id     uuid        not null,
      created_at  timestamptz not null,
      expires_at  timestamptz not null,
      ended_at    timestamptz,
      end_reason  text,
      client_ip   text,
      user_agent  text
    );
    create index auth_sessions_open_by_user on auth_sessions (user_id) where ended_at is null;

    -- not event-sourced: operational counters that protect the sign-in
    create table login_failures (
      username        text        not null,
      client_ip       text        not null,
      failures        integer     not null,
      first_failed_at timestamptz not null,
      locked_until    timestamptz,
      primary key (username, client_ip)
    );
  `.execute(db);
}
