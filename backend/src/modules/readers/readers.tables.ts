import type { Generated } from 'kysely';
import type { IntegrationLogsTable } from './integration-log/integration-log.tables.js';
import type { ReadersTable, ReaderTopicsTable, ReaderUsersTable } from './reader-views/reader-views.tables.js';

/** Not event-sourced: the hash of a reader's MQTT password is a secret. */
export interface ReaderCredentialsTable {
  reader_id: string;
  password_hash: string;
  updated_at: Date;
}

/** Telemetry: what the device reports of itself. */
export interface ReaderLiveTable {
  reader_id: string;
  connection: string;
  connection_changed_at: Date | null;
  last_heartbeat_at: Date | null;
  last_message_at: Date | null;
  temperature: number | null;
  reads_per_second: number;
  firmware: string | null;
  scanning: boolean;
}

/** Telemetry: where each tag (by EPC) was last seen. */
export interface TagSightingsTable {
  epc: string;
  reader_id: string;
  antenna: number | null;
  zone_id: string | null;
  seen_at: Date;
}

/** Reads acknowledged at QoS 1 and not yet taken by every consumer (ingest/observation-journal.ts). */
export interface ObservationJournalTable {
  id: Generated<number>;
  instance_id: string;
  /** The observations, their times as ISO texts. */
  observations: unknown;
  written_at: Generated<Date>;
}

/** What a reader reads for now: one holder (a ticket, a stocktake, a quick count) per reader (claims/reader-claims.ts). */
export interface ReaderClaimsTable {
  reader_id: string;
  holder_kind: string;
  holder_id: string;
  claimed_at: Generated<Date>;
}

/** Which server handles a reader's messages now, on a broker several servers share (ingest/reader-ownership.ts). */
export interface ReaderOwnersTable {
  reader_id: string;
  server_id: string;
  renewed_at: Date;
  expires_at: Date;
}

/** The servers that take readers, by when each last said so. */
export interface IngestServersTable {
  server_id: string;
  seen_at: Date;
}

/** The tables the readers module owns; other modules read them through readers.public.ts. */
export interface ReadersTables {
  readers: ReadersTable;
  reader_users: ReaderUsersTable;
  reader_credentials: ReaderCredentialsTable;
  reader_live: ReaderLiveTable;
  tag_sightings: TagSightingsTable;
  integration_logs: IntegrationLogsTable;
  observation_journal: ObservationJournalTable;
  reader_topics: ReaderTopicsTable;
  reader_claims: ReaderClaimsTable;
  reader_owners: ReaderOwnersTable;
  ingest_servers: IngestServersTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends ReadersTables {}
}
