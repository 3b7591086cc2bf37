import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { READER_FIELDS, type ReaderTopics } from '@rfid/contracts';
import { searchedTexts } from '../../../platform/entity-fields/entity-columns.js';
import type { Tx } from '../../../platform/database/database.js';
import type { ReaderEvent, ReaderSettings } from '../readers.events.js';
import { versionStamp, codeOf } from '../../../platform/projections/projection-rows.js';

registerConstraintErrors({
  readers_code_key: 'READER_EXISTS',
  readers_host_key: 'IP_EXISTS',
  reader_users_key: 'USER_READER_EXISTS',
  reader_topics_pkey: 'READER_TOPIC_EXISTS',
});

type Of<T extends ReaderEvent['type']> = StoredEvent<Extract<ReaderEvent, { type: T }>['data']>;

function columns(s: ReaderSettings) {
  return {
    name: s.name,
    kind: s.kind,
    format: s.format,
    zone_id: s.zoneId,
    host: s.host,
    antennas: JSON.stringify(s.antennas) as never,
    device_mode: s.deviceMode,
    operating_mode: s.operatingMode,
    switch_state: s.switch,
    topics: JSON.stringify(s.topics) as never,
  };
}

/** Each of a reader's topics, one reader's at most (READER_TOPIC_EXISTS). */
async function claimTopics(tx: Tx, readerId: string, topics: ReaderTopics): Promise<void> {
  await tx.deleteFrom('reader_topics').where('reader_id', '=', readerId).execute();
  await tx
    .insertInto('reader_topics')
    .values(Object.entries(topics).map(([kind, topic]) => ({ topic, reader_id: readerId, kind })))
    .execute();
}

/**
 * `readers` (the gate configuration list; its unique code is READER_EXISTS, its unique host IP_EXISTS),
 * `reader_users` (one user per reader once: USER_READER_EXISTS) and `reader_topics` (one reader per topic).
 */
export const readersProjection: InlineProjection = {
  name: 'readers',
  tables: ['readers', 'reader_users', 'reader_topics'],
  handlers: {
    ReaderRegistered: async (tx, e: Of<'ReaderRegistered'>) => {
      const { readerId, code, ...settings } = e.data;
      await tx
        .insertInto('readers')
        .values({ id: readerId, code, ...columns(settings), search_key: searchKey(code, ...searchedTexts(READER_FIELDS, settings)), created_at: e.recordedAt, ...versionStamp(e) })
        .execute();
      await claimTopics(tx, readerId, settings.topics);
    },
    ReaderUpdated: async (tx, e: Of<'ReaderUpdated'>) => {
      const { readerId, ...settings } = e.data;
      const code = await codeOf(tx, 'readers', readerId);
      await tx
        .updateTable('readers')
        .set({ ...columns(settings), search_key: searchKey(code, ...searchedTexts(READER_FIELDS, settings)), ...versionStamp(e) })
        .where('id', '=', readerId)
        .execute();
      await claimTopics(tx, readerId, settings.topics);
    },
    ReaderCredentialsIssued: async (tx, e: Of<'ReaderCredentialsIssued'>) => {
      await tx.updateTable('readers').set(versionStamp(e)).where('id', '=', e.data.readerId).execute();
    },
    ReaderUserAssigned: async (tx, e: Of<'ReaderUserAssigned'>) => {
      await tx.insertInto('reader_users').values({ reader_id: e.data.readerId, user_id: e.data.userId, assigned_at: e.recordedAt }).execute();
      await tx.updateTable('readers').set(versionStamp(e)).where('id', '=', e.data.readerId).execute();
    },
    ReaderUserUnassigned: async (tx, e: Of<'ReaderUserUnassigned'>) => {
      await tx.deleteFrom('reader_users').where('reader_id', '=', e.data.readerId).where('user_id', '=', e.data.userId).execute();
      await tx.updateTable('readers').set(versionStamp(e)).where('id', '=', e.data.readerId).execute();
    },
    ReaderModeSet: async (tx, e: Of<'ReaderModeSet'>) => {
      await tx.updateTable('readers').set({ device_mode: e.data.deviceMode, ...versionStamp(e) }).where('id', '=', e.data.readerId).execute();
    },
    ReaderAntennasSet: async (tx, e: Of<'ReaderAntennasSet'>) => {
      await tx
        .updateTable('readers')
        .set({ antennas: JSON.stringify(e.data.antennas) as never, ...versionStamp(e) })
        .where('id', '=', e.data.readerId)
        .execute();
    },
  },
};
