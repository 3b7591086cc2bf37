import { sql, type Kysely } from 'kysely';

/**
 * A reader's host (its IP address or name, as the installer knows it) is one reader's, case aside: a
 * second reader naming it is IP_EXISTS (readers must be unique). A database where two readers
 * name one host stops here with the host named: give one of them another host (an edit on the gate
 * configuration) with the version before, then upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index readers_host_key on readers (lower(host)) where host is not null`.execute(db);
}
