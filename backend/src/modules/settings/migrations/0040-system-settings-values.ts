import { sql, type Kysely } from 'kysely';
import type { Db } from '../../../platform/database/database.js';
import { eventLog } from '../../../platform/event-store/event-log.js';
import type { EventMetadata } from '../../../platform/event-store/types.js';
import { SETTINGS_STREAM_ID, settingsModel } from '../domain/settings.js';
import type { SettingsEvent } from '../settings.events.js';
import { changedBy } from '../projections/settings.projection.js';

/**
 * Settings that are not numbers (the product name) and who changed each one last: `value` becomes
 * jsonb (a number or a text), and `updated_by` the user whose change it was (null: the system or the
 * command line). The rows already there get it from the last event that changed their setting, with
 * the projection's own rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table system_settings alter column value type jsonb using to_jsonb(value);
    alter table system_settings add column updated_by uuid;
  `.execute(db);
  const events = await eventLog(db as unknown as Db).where('stream_id', '=', settingsModel.streamId(SETTINGS_STREAM_ID)).orderBy('stream_version').execute();
  const lastBy = new Map<string, string | null>();
  for (const e of events) {
    for (const key of Object.keys((e.data as SettingsEvent['data']).changes)) lastBy.set(key, changedBy(e.metadata as EventMetadata));
  }
  for (const [key, userId] of lastBy) await sql`update system_settings set updated_by = ${userId} where key = ${key}`.execute(db);
}
