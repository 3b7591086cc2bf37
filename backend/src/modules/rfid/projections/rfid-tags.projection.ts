import type { Tx } from '../../../platform/database/database.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import type { RfidTagsTable } from '../rfid.tables.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { TagEvent } from '../rfid.events.js';
import { versionStamp } from '../../../platform/projections/projection-rows.js';

// The keys of migration 0006, enforced atomically with the append.
registerConstraintErrors({
  rfid_tags_pkey: 'RFID_EXISTS',
  tag_links_tag_code_key: 'TAG_LINKED',
  tag_links_sample_id_key: 'SAMPLE_LINKED',
});

type Of<T extends TagEvent['type']> = StoredEvent<Extract<TagEvent, { type: T }>['data']>;

/** Rows per insert statement of a batch (12 parameters a row). */
const ROWS_PER_INSERT = 2000;

type SearchedTexts = Pick<RfidTagsTable, 'code' | 'sample_code' | 'container_name' | 'container_box' | 'container_cart'>;

/** What the tag list's text search compares: the tag's code, its sample's (or product's) code, its container's name, box and cart. */
export function tagSearchKey(t: SearchedTexts): string {
  return searchKey(t.code, t.sample_code, t.container_name, t.container_box, t.container_cart);
}

function registeredRow(e: Of<'TagRegistered'>): RfidTagsTable {
  const texts: SearchedTexts = {
    code: e.data.tagCode,
    sample_code: null,
    container_name: e.data.container?.name ?? null,
    container_box: e.data.container?.box ?? null,
    container_cart: e.data.container?.cart ?? null,
  };
  return { ...texts, state: 'UNLINK', locked: false, sample_id: null, search_key: tagSearchKey(texts), created_at: e.recordedAt, ...versionStamp(e) };
}

/** The search key of a tag once it is linked to the sample or product with this code, or unlinked (null): the container is the tag's own. */
async function searchKeyWithLinked(tx: Tx, tagCode: string, linkedCode: string | null): Promise<string> {
  const container = await tx
    .selectFrom('rfid_tags')
    .select(['container_name', 'container_box', 'container_cart'])
    .where('code', '=', tagCode)
    .executeTakeFirstOrThrow();
  return tagSearchKey({ code: tagCode, sample_code: linkedCode, ...container });
}

/**
 * The `rfid_tags` table the tag list reads, and `tag_links`, the links in force: its keys refuse a
 * second link of a tag or of a sample in the append's transaction.
 */
export const rfidTagsProjection: InlineProjection = {
  name: 'rfid-tags',
  tables: ['rfid_tags', 'tag_links'],
  handlers: {
    TagRegistered: async (tx, e: Of<'TagRegistered'>) => {
      await tx.insertInto('rfid_tags').values(registeredRow(e)).execute();
    },
    TagLocked: async (tx, e: Of<'TagLocked'>) => {
      await tx.updateTable('rfid_tags').set({ locked: true, ...versionStamp(e) }).where('code', '=', e.data.tagCode).execute();
    },
    TagUnlocked: async (tx, e: Of<'TagUnlocked'>) => {
      await tx.updateTable('rfid_tags').set({ locked: false, ...versionStamp(e) }).where('code', '=', e.data.tagCode).execute();
    },
    TagCancelled: async (tx, e: Of<'TagCancelled'>) => {
      await tx.updateTable('rfid_tags').set({ state: 'CANCELLED', ...versionStamp(e) }).where('code', '=', e.data.tagCode).execute();
    },
    TagLinked: async (tx, e: Of<'TagLinked'>) => {
      await tx.insertInto('tag_links').values({ tag_code: e.data.tagCode, sample_id: e.data.sampleId, linked_at: e.recordedAt }).execute();
      await tx
        .updateTable('rfid_tags')
        .set({
          state: 'LINKED',
          sample_id: e.data.sampleId,
          sample_code: e.data.sampleCode,
          search_key: await searchKeyWithLinked(tx, e.data.tagCode, e.data.sampleCode),
          ...versionStamp(e),
        })
        .where('code', '=', e.data.tagCode)
        .execute();
    },
    TagUnlinked: async (tx, e: Of<'TagUnlinked'>) => {
      await tx.deleteFrom('tag_links').where('tag_code', '=', e.data.tagCode).execute();
      await tx
        .updateTable('rfid_tags')
        .set({ state: 'UNLINK', sample_id: null, sample_code: null, search_key: await searchKeyWithLinked(tx, e.data.tagCode, null), ...versionStamp(e) })
        .where('code', '=', e.data.tagCode)
        .execute();
    },
    // the product link itself is the products module's read model (product_tags); the tag list shows the state and finds the product's code
    TagLinkedToProduct: async (tx, e: Of<'TagLinkedToProduct'>) => {
      await tx
        .updateTable('rfid_tags')
        .set({ state: 'LINKED', search_key: await searchKeyWithLinked(tx, e.data.tagCode, e.data.productCode), ...versionStamp(e) })
        .where('code', '=', e.data.tagCode)
        .execute();
    },
    TagUnlinkedFromProduct: async (tx, e: Of<'TagUnlinkedFromProduct'>) => {
      await tx
        .updateTable('rfid_tags')
        .set({ state: 'UNLINK', search_key: await searchKeyWithLinked(tx, e.data.tagCode, null), ...versionStamp(e) })
        .where('code', '=', e.data.tagCode)
        .execute();
    },
  },
  batchHandlers: {
    // a bulk registration, an import, a rebuild
    TagRegistered: async (tx, events: Of<'TagRegistered'>[]) => {
      for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
        await tx.insertInto('rfid_tags').values(events.slice(i, i + ROWS_PER_INSERT).map(registeredRow)).execute();
      }
    },
  },
};
