import type { Generated } from 'kysely';

export interface IntegrationLogsTable {
  id: Generated<number>;
  at: Date;
  reader_id: string | null;
  reader_code: string | null;
  kind: string;
  direction: string;
  topic: string | null;
  outcome: string;
  reason: string | null;
  summary: string;
  count: number | null;
  payload: string | null;
  payload_bytes: number | null;
  search_key: string;
}
