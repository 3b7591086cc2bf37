/*
 * What other modules may use of master data: reads of its items by id, by name or code, their
 * names (also for a log), and its events' type. Nothing else of this module is imported from outside it, and no other module names its table.
 */
import type { MasterDataKey } from '@rfid/contracts';
import type { DbOrTx } from '../../platform/database/database.js';
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { masterDataItemModel, sameTextKey } from './domain/master-data-item.js';


/** An item is named by its name as it is now. */
export const MASTER_DATA_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: masterDataItemModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('master_data_items').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, r.name])),
  },
];

export { activeNamesByCatalogue } from './queries/master-data.queries.js';

/** A master-data item as another module's reference rules see it. */
export interface MasterDataReference {
  id: string;
  catalogue: string;
  status: 'ACTIVE' | 'INACTIVE';
}

/** The items these ids name, of any catalogue (the caller compares the catalogue), by id. */
export async function masterDataItemsByIds(db: DbOrTx, ids: readonly (string | null)[]): Promise<Map<string, MasterDataReference>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('master_data_items').select(['id', 'catalogue', 'status']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Finds an item of a catalogue by its name or its code, compared as the catalogue's uniqueness rules
 * compare them (Unicode-normalized, case ignored); an active item before an inactive one. Reads
 * every item once: for an import that looks up thousands of rows.
 */
export async function masterDataFinder(db: DbOrTx): Promise<(catalogue: MasterDataKey, text: string) => MasterDataReference | undefined> {
  const rows = await db.selectFrom('master_data_items').select(['id', 'catalogue', 'status', 'name_key', 'code_key']).execute();
  const byName = new Map<string, MasterDataReference>();
  const byCode = new Map<string, MasterDataReference>();
  for (const r of rows) {
    byName.set(`${r.catalogue}\u0000${r.name_key}`, r);
    byCode.set(`${r.catalogue}\u0000${r.code_key}`, r);
  }
  return (catalogue, text) => {
    const key = `${catalogue}\u0000${sameTextKey(text)}`;
    const found = [byName.get(key), byCode.get(key)].filter((i): i is MasterDataReference => i !== undefined);
    return found.find((i) => i.status === 'ACTIVE') ?? found[0];
  };
}

/**
 * The items' names, as a subquery another module joins (`.leftJoin(masterDataNames(db).as('season'),
 * 'season.id', 's.season_id')`): its columns are all that module may read of an item.
 */
export function masterDataNames(db: DbOrTx) {
  return db.selectFrom('master_data_items').select(['id', 'catalogue', 'code', 'name', 'status']);
}
