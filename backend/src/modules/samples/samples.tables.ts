import type { ColumnType } from 'kysely';

export interface SamplesTable {
  id: string;
  sample_code: string;
  name: string;
  model_name: string;
  art_number: string;
  season_id: string;
  stage_id: string | null;
  type_id: string | null;
  size_id: string;
  gender_id: string | null;
  side: 'LEFT' | 'RIGHT' | null;
  color: string | null;
  category_id: string;
  customer_id: string;
  current_zone_id: string | null;
  current_tag_code: string | null;
  usage_count: number;
  /** When a stocktake marked it missing; null once a reader sees it again. */
  missing_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  version: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** What the sample list's text search compares: a sample's search key (vietnamese-text), kept for deleted samples too. */
export interface SampleSearchKeysTable {
  sample_id: string;
  search_key: string;
  deleted: boolean;
}

/** The tables the samples module owns: the samples, the kept counts the list's totals read, the search keys. Other modules read them through `samples.public.ts`. */
export interface SamplesTables {
  samples: SamplesTable;
  sample_search_keys: SampleSearchKeysTable;
  sample_counts: { id: ColumnType<boolean, boolean | undefined, never>; total: number; linked: number };
}

declare module '../../platform/database/schema.js' {
  interface Database extends SamplesTables {}
}
