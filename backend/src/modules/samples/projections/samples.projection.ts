import { SAMPLE_FIELDS } from '@rfid/contracts';
import { sql, type Insertable } from 'kysely';
import { rowOf, searchKeyOf } from '../../../platform/entity-fields/entity-columns.js';
import type { Tx } from '../../../platform/database/database.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { SampleSearchKeysTable, SamplesTable } from '../samples.tables.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { TagEvent } from '../../rfid/rfid.events.js';
import type { MissingSeenEvent, StocktakeEvent } from '../../stocktakes/stocktakes.events.js';
import type { TicketEvent } from '../../tickets/tickets.events.js';
import type { SampleEvent, SampleFields } from '../samples.events.js';

// The unique index of migration 0005: a sample code in use is refused in the append's transaction.
registerConstraintErrors({ samples_sample_code_key: 'SAMPLE_EXISTS' });

type Of<T extends SampleEvent['type']> = StoredEvent<Extract<SampleEvent, { type: T }>['data']>;
type OfTag<T extends TagEvent['type']> = StoredEvent<Extract<TagEvent, { type: T }>['data']>;
type OfTicket<T extends TicketEvent['type']> = StoredEvent<Extract<TicketEvent, { type: T }>['data']>;
type OfStocktake<T extends StocktakeEvent['type']> = StoredEvent<Extract<StocktakeEvent, { type: T }>['data']>;

/** A sample lent out on a closed internal export ticket counts one more use; the ticket rolled back, one less. */
async function countLoans(tx: Tx, moves: readonly { sampleId: string; to: 'OUT' | 'IN' }[], by: 1 | -1): Promise<void> {
  const lent = moves.filter((m) => m.to === 'OUT').map((m) => m.sampleId);
  if (lent.length) await tx.updateTable('samples').set((eb) => ({ usage_count: eb('usage_count', '+', by) })).where('id', 'in', lent).execute();
}

/** Rows per insert statement of a batch (18 parameters a row, PostgreSQL takes 65,535). */
const ROWS_PER_INSERT = 1000;

/** The columns of a sample's fields: each field in the column of its key in snake case. */
function columnsOf(f: SampleFields) {
  return rowOf(SAMPLE_FIELDS, f);
}

function registeredRow(e: Of<'SampleRegistered'>): Insertable<SamplesTable> {
  return {
    id: e.data.sampleId,
    ...columnsOf(e.data),
    current_tag_code: null,
    usage_count: 0,
    version: e.streamVersion,
    created_at: e.recordedAt,
    updated_at: e.recordedAt,
    deleted_at: null,
  };
}

/** A sample's row of `sample_search_keys`: what the list's text search compares, from the fields marked `search`. */
export function searchKeysRow(sampleId: string, f: SampleFields, deleted = false): SampleSearchKeysTable {
  return { sample_id: sampleId, search_key: searchKeyOf(SAMPLE_FIELDS, f), deleted };
}

/** Moves the counts of samples and of linked samples (one row, made by the first change). */
async function count(tx: Tx, total: number, linked: number): Promise<void> {
  await sql`
    insert into sample_counts (id, total, linked) values (true, ${total}, ${linked})
    on conflict (id) do update set total = sample_counts.total + excluded.total, linked = sample_counts.linked + excluded.linked`.execute(tx);
}

/**
 * The `samples` table the sample list, detail, export and the link screens read. A tag linked to the
 * sample is its current tag and counts one more use: this projection follows the rfid module's
 * published TagLinked / TagUnlinked events for that, and the tickets module's TicketClosed /
 * TicketRolledBack for the samples lent out, and the stocktakes module's StocktakeClosed (zones moved,
 * samples missing) and MissingSamplesSeen. The sample's version and date updated are its
 * own stream's. `sample_counts` holds the totals of an unfiltered list; `sample_search_keys` what
 * its text search compares.
 */
export const samplesProjection: InlineProjection = {
  name: 'samples',
  tables: ['samples', 'sample_counts', 'sample_search_keys'],
  handlers: {
    SampleRegistered: async (tx, e: Of<'SampleRegistered'>) => {
      await tx.insertInto('samples').values(registeredRow(e)).execute();
      await tx.insertInto('sample_search_keys').values(searchKeysRow(e.data.sampleId, e.data)).execute();
      await count(tx, 1, 0);
    },
    SampleUpdated: async (tx, e: Of<'SampleUpdated'>) => {
      await tx
        .updateTable('samples')
        .set({ ...columnsOf(e.data), version: e.streamVersion, updated_at: e.recordedAt })
        .where('id', '=', e.data.sampleId)
        .execute();
      await tx.updateTable('sample_search_keys').set(searchKeysRow(e.data.sampleId, e.data)).where('sample_id', '=', e.data.sampleId).execute();
    },
    SampleDeleted: async (tx, e: Of<'SampleDeleted'>) => {
      await tx
        .updateTable('samples')
        .set({ deleted_at: e.recordedAt, version: e.streamVersion, updated_at: e.recordedAt })
        .where('id', '=', e.data.sampleId)
        .execute();
      await tx.updateTable('sample_search_keys').set({ deleted: true }).where('sample_id', '=', e.data.sampleId).execute();
      await count(tx, -1, 0);
    },
    TagLinked: async (tx, e: OfTag<'TagLinked'>) => {
      const { numUpdatedRows } = await tx
        .updateTable('samples')
        .set((eb) => ({ current_tag_code: e.data.tagCode, usage_count: eb('usage_count', '+', 1) }))
        .where('id', '=', e.data.sampleId)
        .executeTakeFirst();
      if (numUpdatedRows > 0n) await count(tx, 0, 1);
    },
    TagUnlinked: async (tx, e: OfTag<'TagUnlinked'>) => {
      const { numUpdatedRows } = await tx
        .updateTable('samples')
        .set({ current_tag_code: null })
        .where('id', '=', e.data.sampleId)
        .where('current_tag_code', '=', e.data.tagCode)
        .executeTakeFirst();
      if (numUpdatedRows > 0n) await count(tx, 0, -1);
    },
    TicketClosed: (tx, e: OfTicket<'TicketClosed'>) => countLoans(tx, e.data.samples, 1),
    // A stocktake's corrections: samples found in its zone move there, those not found are missing.
    StocktakeClosed: async (tx, e: OfStocktake<'StocktakeClosed'>) => {
      const { moved, missing } = e.data.corrections;
      for (const m of moved) await tx.updateTable('samples').set({ current_zone_id: m.toZoneId }).where('id', '=', m.sampleId).execute();
      if (missing.length) await tx.updateTable('samples').set({ missing_since: e.recordedAt }).where('id', '=', sql<string>`any(${missing}::uuid[])`).execute();
    },
    // A missing sample a reader saw again is missing no more.
    MissingSamplesSeen: async (tx, e: StoredEvent<MissingSeenEvent['data']>) => {
      await tx.updateTable('samples').set({ missing_since: null }).where('id', '=', sql<string>`any(${e.data.sampleIds}::uuid[])`).execute();
    },
    TicketRolledBack: async (tx, e: OfTicket<'TicketRolledBack'>) => {
      if (e.data.reversed) await countLoans(tx, e.data.reversed.samples, -1);
    },
  },
  batchHandlers: {
    // an import, a rebuild
    SampleRegistered: async (tx, events: Of<'SampleRegistered'>[]) => {
      for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
        const run = events.slice(i, i + ROWS_PER_INSERT);
        await tx.insertInto('samples').values(run.map(registeredRow)).execute();
        await tx.insertInto('sample_search_keys').values(run.map((e) => searchKeysRow(e.data.sampleId, e.data))).execute();
      }
      await count(tx, events.length, 0);
    },
  },
};
