import { sql } from 'kysely';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { CountingEvent } from '../stocktakes.events.js';

type Of<T extends CountingEvent['type']> = StoredEvent<Extract<CountingEvent, { type: T }>['data']>;

/** `countings` and `counting_tags`: the quick counts, with their totals per kind of tag. */
export const countingsProjection: InlineProjection = {
  name: 'countings',
  tables: ['countings', 'counting_tags'],
  handlers: {
    CountingStarted: async (tx, e: Of<'CountingStarted'>) => {
      const d = e.data;
      await tx.insertInto('countings').values({ id: d.countingId, reader_id: d.readerId, user_id: d.userId, zone_id: d.zoneId, started_at: e.recordedAt }).execute();
    },
    CountingTagsCounted: async (tx, e: Of<'CountingTagsCounted'>) => {
      const { countingId, tags } = e.data;
      // the events name each tag once per count: every row is new
      await tx
        .insertInto('counting_tags')
        .values(tags.map((t) => ({ counting_id: countingId, epc: t.epc, kind: t.kind, item_id: t.itemId, at: e.recordedAt })))
        .execute();
      const n = (kind: string) => tags.filter((t) => t.kind === kind).length;
      await tx
        .updateTable('countings')
        .set({
          tag_count: sql`tag_count + ${tags.length}`,
          samples: sql`samples + ${n('SAMPLE')}`,
          products: sql`products + ${n('PRODUCT')}`,
          unknown: sql`unknown + ${n('UNKNOWN')}`,
        })
        .where('id', '=', countingId)
        .execute();
    },
    CountingStopped: async (tx, e: Of<'CountingStopped'>) => {
      await tx.updateTable('countings').set({ stopped_at: e.recordedAt }).where('id', '=', e.data.countingId).execute();
    },
  },
};
