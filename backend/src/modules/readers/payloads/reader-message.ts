import type { AntennaSetting, DeviceMode, ReaderCommandRequest, ReaderFormat } from '@rfid/contracts';

/*
 * What a reader's MQTT message means, whatever vendor format it came in. The parsers
 * (parse-reader-payload.ts) turn a payload into these; the ingest pipeline, the live device state and
 * the integration log read only these.
 */

/** One tag read as the reader reported it. */
export interface TagRead {
  /** Upper-case hexadecimal, whole 16-bit words, at most 496 bits (contracts' tagCodeProblem is undefined for it). */
  epc: string;
  antenna: number | null;
  /** Peak RSSI in dBm (Impinj's centi-dBm divided by 100). */
  rssi: number | null;
  /** How many times the reader saw the tag in this report (Zebra's `reads`), when it says. */
  seenCount: number | null;
  /** The device's time of the read, only when the payload gives it with an explicit offset (Z, ±hh:mm, ±hhmm): device clocks are not trusted otherwise. */
  deviceTime: Date | null;
}

export type ReaderMessage =
  | { kind: 'tag-reads'; reads: TagRead[] }
  | {
      kind: 'heartbeat';
      deviceTime: Date | null;
      /** Degrees Celsius. */
      temperature: number | null;
      firmware: string | null;
      /** Whether the radio is connected, where the reader says. */
      radioConnected: boolean | null;
      /** Antenna ports and whether each is connected, where the reader says. */
      antennas: { port: number; connected: boolean }[] | null;
      /** CPU use in percent, where the reader says. */
      cpu: number | null;
      /** Whether an inventory runs (Zebra's radio activity), where the reader says. */
      scanning: boolean | null;
    }
  | { kind: 'antenna'; deviceTime: Date | null; port: number; connected: boolean }
  /** The reader says it is online, or that it left: its birth message, its goodbye, or its will (which the broker publishes for it when its connection breaks). */
  | { kind: 'connection'; deviceTime: Date | null; connected: boolean }
  | { kind: 'inventory-status'; deviceTime: Date | null; running: boolean; detail: string | null }
  | { kind: 'gpi'; deviceTime: Date | null; port: number; state: boolean }
  | { kind: 'gpo'; deviceTime: Date | null; port: number; state: boolean }
  | {
      kind: 'command-response';
      commandId: string;
      command: string | null;
      ok: boolean;
      /** The reader's payload, as sent. */
      payload: unknown;
      /** The reader's own words on a failure. */
      message: string | null;
    }
  /** What the reader reports that asks for no action of the back-office but belongs in the integration log: its errors and warnings, and its events this back-office does not use. */
  | { kind: 'notice'; deviceTime: Date | null; level: 'info' | 'warning' | 'error'; text: string };

export type ReaderMessageKind = ReaderMessage['kind'];

/** A part of a payload that was understood but refused (a bad EPC), or a message not understood at all. */
export interface RejectedPart {
  /** Why, in words for the integration log: "EPC is 26 hex digits: not whole 16-bit words". */
  reason: string;
  /** The part as received (the whole payload's text when nothing of it was understood). */
  raw: unknown;
}

export interface ParseOutcome {
  /**
   * The format the payload was recognised as; null when it was not understood (not JSON, no known shape).
   * A command response is ZEBRA's envelope whatever reader sent it: SIMPLE readers answer in it, and so do
   * IMPINJ readers, which get our own commands (encode-command.ts).
   */
  format: ReaderFormat | null;
  messages: ReaderMessage[];
  rejected: RejectedPart[];
}

/** A command going out to a reader: its id (the correlation with the response) and what it asks. */
export interface OutgoingCommand {
  commandId: string;
  request: ReaderCommandRequest;
  /**
   * The reader's settings as the registry holds them before this command. Zebra's set_mode replaces the
   * whole operating mode, so a device mode goes out with the antennas' powers and a power change with
   * the device mode.
   */
  settings: { deviceMode: DeviceMode; antennas: AntennaSetting[] };
}
