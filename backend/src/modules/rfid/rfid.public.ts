/* What other modules may use of the rfid module: its published events, which projections elsewhere follow, the names of its tags for a log, and the samples tags are linked to. */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import type { DbOrTx } from '../../platform/database/database.js';
import { tagModel } from './domain/rfid-tag.js';

export type { TagEvent } from './domain/rfid-tag.js';

/** A tag is named by its code, which is also its record id. */
export const RFID_RECORD_NAMES: readonly RecordNames[] = [{ streamType: tagModel.streamType, lookUp: async (_db, ids) => new Map(ids.map((code) => [code, code])) }];

/** The samples these tags are linked to now, by tag code (a tag linked to none is absent). */
export async function linkedSamplesOfTags(db: DbOrTx, tagCodes: readonly string[]): Promise<Map<string, string>> {
  if (!tagCodes.length) return new Map();
  const rows = await db.selectFrom('tag_links').select(['tag_code', 'sample_id']).where('tag_code', 'in', [...new Set(tagCodes)]).execute();
  return new Map(rows.map((r) => [r.tag_code, r.sample_id]));
}
