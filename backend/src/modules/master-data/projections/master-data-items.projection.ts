import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import { sameTextKey } from '../domain/master-data-item.js';
import type { MasterDataItemEvent } from '../master-data.events.js';
import { versionStamp } from '../../../platform/projections/projection-rows.js';

// The unique indexes of migration 0004: a duplicate is refused in the append's transaction.
registerConstraintErrors({
  master_data_items_name_key: 'NAME_EXISTS',
  master_data_items_zone_id_key: 'ZONE_ID_EXISTS',
  master_data_items_code_key: 'ID_EXISTS',
});

type Of<T extends MasterDataItemEvent['type']> = StoredEvent<Extract<MasterDataItemEvent, { type: T }>['data']>;

/** What a catalogue's text search compares: the item's code, name and description. */
export function itemSearchKey(item: { code: string; name: string; description: string | null }): string {
  return searchKey(item.code, item.name, item.description);
}

/** The `master_data_items` table the eight catalogue screens list, and the samples will reference. */
/** An item's texts and the keys its uniqueness and search read them by. */
function itemColumns(d: { code: string; name: string; description: string | null }) {
  return { code: d.code, name: d.name, description: d.description, name_key: sameTextKey(d.name), code_key: sameTextKey(d.code), search_key: itemSearchKey(d) };
}

export const masterDataItemsProjection: InlineProjection = {
  name: 'master-data',
  tables: ['master_data_items'],
  handlers: {
    MasterDataItemCreated: async (tx, e: Of<'MasterDataItemCreated'>) => {
      await tx
        .insertInto('master_data_items')
        .values({
          id: e.data.itemId,
          catalogue: e.data.catalogue,
          ...itemColumns(e.data),
          status: e.data.status,
          created_at: e.recordedAt,
          ...versionStamp(e),
        })
        .execute();
    },
    MasterDataItemUpdated: async (tx, e: Of<'MasterDataItemUpdated'>) => {
      await tx
        .updateTable('master_data_items')
        .set({ ...itemColumns(e.data), ...versionStamp(e) })
        .where('id', '=', e.data.itemId)
        .execute();
    },
    MasterDataItemDeactivated: async (tx, e: Of<'MasterDataItemDeactivated'>) => {
      await tx.updateTable('master_data_items').set({ status: 'INACTIVE', ...versionStamp(e) }).where('id', '=', e.data.itemId).execute();
    },
    MasterDataItemActivated: async (tx, e: Of<'MasterDataItemActivated'>) => {
      await tx.updateTable('master_data_items').set({ status: 'ACTIVE', ...versionStamp(e) }).where('id', '=', e.data.itemId).execute();
    },
  },
};
