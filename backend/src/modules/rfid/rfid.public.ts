/* What other modules may use of the rfid module: its published events, which projections elsewhere follow, and the names of its tags for a log. */
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { tagModel } from './domain/rfid-tag.js';

export type { TagEvent } from './domain/rfid-tag.js';

/** A tag is named by its code, which is also its record id. */
export const RFID_RECORD_NAMES: readonly RecordNames[] = [{ streamType: tagModel.streamType, lookUp: async (_db, ids) => new Map(ids.map((code) => [code, code])) }];
