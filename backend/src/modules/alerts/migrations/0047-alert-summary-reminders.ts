import { sql, type Kysely } from 'kysely';

/**
 * Reminders are one summary per alert configuration and interval, not one per alert and user: the
 * record is when each configuration's user was last reminded (the old per-alert rounds go).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table alert_reminders;
    create table alert_configuration_reminders (
      configuration_id uuid primary key,
      reminded_at      timestamptz not null
    );
  `.execute(db);
}
