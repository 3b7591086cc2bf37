export interface MasterDataItemsTable {
  id: string;
  catalogue: string;
  code: string;
  name: string;
  description: string | null;
  name_key: string;
  code_key: string;
  /** What the list's text search compares (vietnamese-text): code, name and description. */
  search_key: string;
  status: 'ACTIVE' | 'INACTIVE';
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The table the master-data module owns: the items of every catalogue. Other modules read it through `master-data.public.ts`. */
export interface MasterDataTables {
  master_data_items: MasterDataItemsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends MasterDataTables {}
}
