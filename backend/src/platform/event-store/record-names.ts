import type { DbOrTx } from '../database/database.js';

/**
 * What a log calls the records of one stream type: each record's name as people know it (a username,
 * a sample code, a catalogue item's name, a tag code), looked up for many records at once. The
 * module that owns the stream type exports one from its `<module>.public.ts`; the system log names
 * the records of its page with them, one query per stream type.
 */
export interface RecordNames {
  streamType: string;
  /** The names of these records, by record id (the stream id without its `{streamType}-` prefix); a record it cannot find is left out. */
  lookUp(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>>;
}

/** The id of the record a stream holds: `user-7f3a…` → `7f3a…`. */
export function recordIdOf(streamId: string, streamType: string): string {
  return streamId.startsWith(`${streamType}-`) ? streamId.slice(streamType.length + 1) : streamId;
}
