/*
 * What other modules may use of samples: the stream a command locks to hold a sample still, the
 * sample a link names, and the attributes reports filter, search and show. No other module names the samples
 * table; the samples projection follows the rfid module's TagLinked / TagUnlinked events for the
 * current tag and the usage count (a projection may follow another module's published events).
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/database/database.js';
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { sampleModel } from './domain/sample.js';


/** A sample is named by its code (a deleted one too: its row stays). */
export const SAMPLES_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: sampleModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('samples').select(['id', 'sample_code']).where('id', 'in', ids).execute()).map((r) => [r.id, r.sample_code])),
  },
];

/** The stream of a sample: a command that must see the sample unchanged while it decides locks it. */
export const sampleStreamId = (sampleId: string): string => sampleModel.streamId(sampleId);

/** A sample that exists (not deleted), with the tag linked to it now if any. */
export async function sampleToLink(db: DbOrTx, sampleId: string): Promise<{ sampleCode: string; currentTagCode: string | null } | undefined> {
  const row = await db
    .selectFrom('samples')
    .select(['sample_code', 'current_tag_code'])
    .where('id', '=', sampleId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { sampleCode: row.sample_code, currentTagCode: row.current_tag_code };
}

/**
 * Every sample's attributes as they are now (deleted ones included), as a subquery another module
 * joins: `.leftJoin(sampleAttributes(db).as('s'), 's.id', 'h.sample_id')`.
 */
export function sampleAttributes(db: DbOrTx) {
  return db
    .selectFrom('samples')
    .select(['id', 'sample_code', 'name', 'model_name', 'art_number', 'season_id', 'size_id', 'category_id', 'customer_id', 'current_zone_id', 'current_tag_code', 'deleted_at']);
}

/**
 * Every sample's search key (deleted ones too), as a subquery another module joins so that its text
 * search finds a sample by its texts as the sample list does:
 * `.leftJoin(sampleSearchKeys(db).as('k'), 'k.sample_id', 'h.sample_id')`, then `k.search_key like searchPattern(q)`.
 */
export function sampleSearchKeys(db: DbOrTx) {
  return db.selectFrom('sample_search_keys').select(['sample_id', 'search_key']);
}

/** The samples marked missing whose current tag is one of these, by tag code (a reader saw them: they are missing no more). */
export async function missingSamplesOfTags(db: DbOrTx, tagCodes: readonly string[]): Promise<Map<string, string>> {
  if (!tagCodes.length) return new Map();
  const rows = await db
    .selectFrom('samples')
    .select(['id', 'current_tag_code'])
    .where('missing_since', 'is not', null)
    .where('current_tag_code', '=', sql<string>`any(${[...new Set(tagCodes)]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.current_tag_code!, r.id]));
}

/** The samples' figures of the dashboard. */
export { sampleFigures } from './queries/sample-figures.js';
