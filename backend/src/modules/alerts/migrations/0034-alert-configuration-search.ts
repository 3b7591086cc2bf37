import { sql, type Kysely } from 'kysely';
import { fillSearchKeys } from '../../../platform/database/search-key-backfill.js';
import { alertConfigurationSearchKey } from '../alert-configuration-views/alert-configurations.projection.js';

/**
 * The alert configuration list searches its action name without accents and case: `search_key`, made
 * by the projection (the user's username and full name are searched through the users' own key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_configurations add column search_key text`.execute(db);
  await fillSearchKeys(db, { table: 'alert_configurations', id: 'id', idType: 'uuid', columns: ['action_name'] }, alertConfigurationSearchKey);
  await sql`alter table alert_configurations alter column search_key set not null`.execute(db);
}
