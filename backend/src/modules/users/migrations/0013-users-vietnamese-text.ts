import { sql, type Kysely } from 'kysely';
import { fillSearchKeys } from '../../../platform/database/search-key-backfill.js';
import { groupSearchKey, userSearchKey } from '../user-views/users.projection.js';

/**
 * The user and user-group lists search without accents and case: `search_key` (a user's username,
 * full name and position; a group's name and description), made by the projection. They sort in
 * Vietnamese order (the collation `vietnamese`); a few hundred rows need no index for that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column search_key text;
    alter table user_groups add column search_key text;
  `.execute(db);
  await fillSearchKeys(db, { table: 'users', id: 'id', idType: 'uuid', columns: ['username', 'full_name', 'position'] }, userSearchKey);
  await fillSearchKeys(db, { table: 'user_groups', id: 'id', idType: 'uuid', columns: ['name', 'description'] }, groupSearchKey);
  await sql`
    alter table users alter column search_key set not null;
    alter table user_groups alter column search_key set not null;
  `.execute(db);
}
