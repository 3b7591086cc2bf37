import { sql, type Kysely } from 'kysely';
import { fillSearchKeys } from '../../../platform/database/search-key-backfill.js';
import { tagSearchKey } from '../projections/rfid-tags.projection.js';

/**
 * The tag list searches without accents and case: `search_key` (the tag's code, the code of its
 * sample, its container's name, box and cart), made by the projection. Its sortable text, the tag
 * code, is hexadecimal digits, whose byte order is the Vietnamese order too: its indexes stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rfid_tags add column search_key text`.execute(db);
  await fillSearchKeys(
    db,
    { table: 'rfid_tags', id: 'code', idType: 'text', columns: ['sample_code', 'container_name', 'container_box', 'container_cart'] },
    tagSearchKey,
  );
  await sql`alter table rfid_tags alter column search_key set not null`.execute(db);
}
