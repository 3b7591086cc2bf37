import { sql, type Kysely } from 'kysely';
import { fillSearchKeys } from '../../../platform/database/search-key-backfill.js';
import { itemSearchKey } from '../projections/master-data-items.projection.js';

/**
 * A catalogue's list searches without accents and case (`search_key`: code, name and description,
 * made by the projection) and sorts in Vietnamese order: the indexes of its default order (name) are
 * made again with the collation `vietnamese` it orders by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table master_data_items add column search_key text`.execute(db);
  await fillSearchKeys(db, { table: 'master_data_items', id: 'id', idType: 'uuid', columns: ['code', 'name', 'description'] }, itemSearchKey);
  await sql`
    alter table master_data_items alter column search_key set not null;
    drop index master_data_items_by_name;
    drop index master_data_items_by_status_name;
    create index master_data_items_by_name on master_data_items (catalogue, name collate vietnamese, id);
    create index master_data_items_by_status_name on master_data_items (catalogue, status, name collate vietnamese, id);
  `.execute(db);
}
