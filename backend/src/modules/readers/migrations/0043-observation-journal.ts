import { sql, type Kysely } from 'kysely';

/**
 * The observations of reads a reader sent at QoS 1, kept from before the broker acknowledges them until
 * every consumer has taken them: one row per group of messages written together, by the server instance
 * that acknowledged them. A server that dies leaves its rows; the next to start takes them over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table observation_journal (
      id bigserial primary key,
      instance_id uuid not null,
      observations jsonb not null,
      written_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index observation_journal_instance on observation_journal (instance_id, id)`.execute(db);
}
