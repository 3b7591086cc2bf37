import { sql, type Kysely } from 'kysely';

/**
 * Stock moved by something other than a ticket: a stocktake's adjustment to what it counted. Its
 * movements name the stocktake (`ticket_id` holds its id, `source_code` its code), so the inventory
 * report lists them beside the tickets. Nothing to fill: no stocktake has closed before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_movements add column source_code text`.execute(db);
}
