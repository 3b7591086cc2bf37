import type { AntennaSetting, ReaderTopics } from '@rfid/contracts';

/** The registry's read model: each reader, the users assigned to it, the topics it owns. */
export interface ReadersTable {
  id: string;
  code: string;
  name: string;
  kind: string;
  format: string;
  zone_id: string | null;
  host: string | null;
  antennas: AntennaSetting[];
  device_mode: string;
  operating_mode: string;
  switch_state: string;
  topics: ReaderTopics;
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface ReaderUsersTable {
  reader_id: string;
  user_id: string;
  assigned_at: Date;
}

/** Each topic of a reader (one reader per topic: its key). */
export interface ReaderTopicsTable {
  topic: string;
  reader_id: string;
  kind: string;
}
