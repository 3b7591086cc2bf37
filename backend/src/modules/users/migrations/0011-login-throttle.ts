import { sql, type Kysely } from 'kysely';

/**
 * Sign-in throttling counts failures per key, so that one table serves both counts: a username from
 * one address (`user:{username}@{address}`) and an address across every username (`address:{address}`,
 * password spraying). Operational counters, not event-sourced; the old per-pair table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table login_failures;
    create table login_throttle (
      key             text        primary key,
      failures        integer     not null,
      first_failed_at timestamptz not null,
      locked_until    timestamptz
    );
  `.execute(db);
}
