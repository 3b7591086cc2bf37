import { sql, type Kysely } from 'kysely';

/** How many things an alert about a subject counts (a stocktake's abnormal lines): its messages say it. Alerts before it count nothing. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alerts add column subject_count integer`.execute(db);
}
