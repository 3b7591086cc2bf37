import type { Generated } from 'kysely';

/** The quick counts' read model: each count and the distinct tags it counted. */
export interface CountingsTable {
  id: string;
  reader_id: string;
  user_id: string | null;
  zone_id: string | null;
  started_at: Date;
  stopped_at: Date | null;
  tag_count: Generated<number>;
  samples: Generated<number>;
  products: Generated<number>;
  unknown: Generated<number>;
}

export interface CountingTagsTable {
  counting_id: string;
  epc: string;
  kind: string;
  item_id: string | null;
  at: Date;
}
