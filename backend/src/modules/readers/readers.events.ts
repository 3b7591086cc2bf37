/*
 * The readers module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { AntennaSetting, DeviceMode, EntityValues, READER_FIELDS, ReaderTopics } from '@rfid/contracts';

/** A reader's configuration: the values of its fields (contracts' READER_FIELDS), every topic resolved. */
export type ReaderSettings = Omit<EntityValues<typeof READER_FIELDS>, 'topics'> & { topics: ReaderTopics };

/**
 * A reader's facts. Its MQTT password is never in an event: `ReaderCredentialsIssued` says that a
 * password was issued (at registration, or rotated), the hash lives in `reader_credentials`. What the
 * device reports of itself (connection, heartbeats, reads) is telemetry, not events; a command the
 * reader carried out that changes its configuration (its mode, its antennas' power) is.
 */
export type ReaderEvent =
  | { type: 'ReaderRegistered'; data: { readerId: string; code: string } & ReaderSettings }
  | { type: 'ReaderUpdated'; data: { readerId: string } & ReaderSettings }
  | { type: 'ReaderCredentialsIssued'; data: { readerId: string; rotated: boolean } }
  | { type: 'ReaderUserAssigned'; data: { readerId: string; userId: string } }
  | { type: 'ReaderUserUnassigned'; data: { readerId: string; userId: string } }
  | { type: 'ReaderModeSet'; data: { readerId: string; deviceMode: DeviceMode } }
  | { type: 'ReaderAntennasSet'; data: { readerId: string; antennas: AntennaSetting[] } }
  /** The reader saw these tags in its zone, where they had not been seen last (or never). */
  | { type: 'TagsEnteredZone'; data: { readerId: string; zoneId: string; epcs: string[] } };
