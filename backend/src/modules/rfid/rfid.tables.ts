export interface RfidTagsTable {
  code: string;
  state: 'LINKED' | 'UNLINK' | 'CANCELLED';
  locked: boolean;
  sample_id: string | null;
  sample_code: string | null;
  container_name: string | null;
  container_box: string | null;
  container_cart: string | null;
  /** What the list's text search compares (vietnamese-text): code, sample code, container name, box and cart. */
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface TagLinksTable {
  tag_code: string;
  sample_id: string;
  linked_at: Date;
}

/** The tables the rfid module owns: the tags, and the links in force (whose unique keys are "one tag, one sample"). */
export interface RfidTables {
  rfid_tags: RfidTagsTable;
  tag_links: TagLinksTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends RfidTables {}
}
