import { sql, type Kysely } from 'kysely';

/** What the dashboard counts over days: tickets created and closed, stock moved, samples out. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index tickets_created on tickets (created_at) where deleted_at is null;
    create index tickets_closed on tickets (updated_at) where deleted_at is null and status = 'CLOSED';
    create index stock_movements_by_at on stock_movements (at);
    create index sample_whereabouts_out on sample_whereabouts (sample_id) where state = 'OUT';
  `.execute(db);
}
