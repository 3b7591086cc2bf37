import type { AntennaSetting, DeviceMode, OperatingMode, ReaderFormat, ReaderKind, ReaderTopics, SwitchState } from '@rfid/contracts';
import type { Selectable } from 'kysely';
import type { ReadersTable } from './reader-views.tables.js';

/** What the message path needs to know of a reader, read from the registry. */
export interface KnownReader {
  id: string;
  code: string;
  name: string;
  kind: ReaderKind;
  format: ReaderFormat;
  zoneId: string | null;
  /** Host name or IP address, as the installer typed it. */
  host: string | null;
  topics: ReaderTopics;
  deviceMode: DeviceMode;
  operatingMode: OperatingMode;
  switch: SwitchState;
  antennas: AntennaSetting[];
}

/** The registry's columns a reader is known by. */
export const KNOWN_READER_COLUMNS = ['id', 'code', 'name', 'kind', 'format', 'zone_id', 'host', 'topics', 'device_mode', 'operating_mode', 'switch_state', 'antennas'] as const;

/** A row of the registry as the message path and the screens know the reader: the one mapping of its columns. */
export function toKnownReader(r: Pick<Selectable<ReadersTable>, (typeof KNOWN_READER_COLUMNS)[number]>): KnownReader {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind as ReaderKind,
    format: r.format as ReaderFormat,
    zoneId: r.zone_id,
    host: r.host,
    topics: r.topics,
    deviceMode: r.device_mode as DeviceMode,
    operatingMode: r.operating_mode as OperatingMode,
    switch: r.switch_state as SwitchState,
    antennas: r.antennas,
  };
}
