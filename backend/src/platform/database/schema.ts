import type { ColumnType, Generated } from 'kysely';

export interface EventsTable {
  global_position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  stream_type: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
  prev_hash: string | null;
  hash: string;
}

/**
 * Kysely's view of the database: the platform's own tables here (the event store, processor
 * checkpoints, secrets). Each module adds the tables it owns from its own `<module>.tables.ts`, by
 * declaration merging (`declare module '.../schema.js' { interface Database extends SamplesTables {} }`),
 * and lists them in its module definition: who owns which table is written beside that table.
 */
export interface Database {
  events: EventsTable;
  streams: {
    stream_id: string;
    stream_type: string;
    version: number;
    last_hash: string;
    created_at: Date;
    updated_at: Date;
  };
  processor_checkpoints: {
    name: string;
    transaction_id: string;
    global_position: number;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  platform_secrets: { name: string; value: string; created_at: ColumnType<Date, never, never> };
  event_redactions: {
    global_position: number;
    stream_id: string;
    stream_version: number;
    removed_fields: string[];
    hash_before: string;
    hash_after: string;
    reason: string;
    redacted_at: ColumnType<Date, never, never>;
  };
}

/** The platform's own tables; every other table is owned by the one module whose definition lists it. */
export const PLATFORM_TABLES = ['events', 'streams', 'processor_checkpoints', 'platform_secrets', 'event_redactions'] as const satisfies readonly (keyof Database)[];
