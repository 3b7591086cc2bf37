import type { AntennaRole, OperatingMode, ReaderKind, SwitchState } from '@rfid/contracts';

/**
 * A tag a reader saw: one per (reader, EPC) per dedupe window, whatever the reader reports in
 * between. What gate passes, ticket scanning and stocktake counting consume.
 */
export interface Observation {
  readerId: string;
  readerCode: string;
  readerKind: ReaderKind;
  /** The reader's zone, when it has one. */
  zoneId: string | null;
  epc: string;
  antenna: number | null;
  /** On a gate, the side the antenna faces (its configured role); null elsewhere or unconfigured. */
  antennaRole: AntennaRole | null;
  /** The reader's operating mode and switch when the read came (a gate decides only when Automatic and On). */
  operatingMode: OperatingMode;
  switch: SwitchState;
  rssi: number | null;
  seenCount: number | null;
  /** When the back-office received it: the time that counts (device clocks are not trusted). */
  at: Date;
  /** The reader's own time, when it gave one with its offset. */
  deviceTime: Date | null;
}
