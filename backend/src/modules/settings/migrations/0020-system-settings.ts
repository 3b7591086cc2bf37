import { sql, type Kysely } from 'kysely';

/** The system settings as they are now (read model of the `system-settings` stream): one row per setting that differs from its default. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table system_settings (
      key        text        primary key,
      value      double precision not null,
      updated_at timestamptz not null
    );
  `.execute(db);
}
