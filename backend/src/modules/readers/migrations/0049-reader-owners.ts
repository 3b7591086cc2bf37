import { sql, type Kysely } from 'kysely';

/**
 * Which server handles each reader's messages, when several share one broker (`ingest/reader-ownership.ts`):
 * one row per reader owned, renewed by its server every second and free once `expires_at` passes;
 * `renewed_at` is the last moment the owner is known to have handled the reader's messages (its successor
 * takes over from there). `ingest_servers` are the servers that take readers, by the last time each said
 * so: the readers are shared out evenly among those alive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reader_owners (
    reader_id uuid primary key,
    server_id text not null,
    renewed_at timestamptz not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index reader_owners_server on reader_owners (server_id)`.execute(db);
  await sql`create table ingest_servers (server_id text primary key, seen_at timestamptz not null)`.execute(db);
}
