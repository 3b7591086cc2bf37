import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { TagEvent } from '../../rfid/rfid.events.js';

type Of<T extends TagEvent['type']> = StoredEvent<Extract<TagEvent, { type: T }>['data']>;

function entry(e: Of<'TagLinked'> | Of<'TagUnlinked'>, action: 'LINK' | 'UNLINK', reason: string | null) {
  return {
    id: e.globalPosition,
    action,
    at: e.recordedAt,
    tag_code: e.data.tagCode,
    sample_id: e.data.sampleId,
    sample_code: e.data.sampleCode,
    user_id: e.metadata.actor?.id ?? null,
    username: e.metadata.actor?.name ?? null,
    reason,
  };
}

/**
 * `tag_link_history`: every link and unlink with who and when, what the linking and unlink reports
 * list. It follows the rfid module's published TagLinked / TagUnlinked events.
 */
export const linkHistoryProjection: InlineProjection = {
  name: 'link-history',
  tables: ['tag_link_history'],
  handlers: {
    TagLinked: async (tx, e: Of<'TagLinked'>) => {
      await tx.insertInto('tag_link_history').values(entry(e, 'LINK', null)).execute();
    },
    TagUnlinked: async (tx, e: Of<'TagUnlinked'>) => {
      await tx.insertInto('tag_link_history').values(entry(e, 'UNLINK', e.data.reason)).execute();
    },
  },
};
