/*
 * What a simulated reader publishes, in each vendor's format as the back-office's parsers read it
 * (backend/src/modules/readers/payloads): Zebra IoT Connector tag data events (SIMPLE type, a batch
 * as a JSON array) and heartbeats / GPO events; Impinj IoT Device Interface ReaderEvents (tagInventory
 * with both base64url `epc` and `epcHex`, antenna and inventory-status events) one per line, as its
 * stream sends them; our simple JSON (README.md "Readers: the simple JSON format").
 */

export const SIMULATED_FORMATS = ['SIMPLE', 'ZEBRA', 'IMPINJ'] as const;
export type SimulatedFormat = (typeof SIMULATED_FORMATS)[number];

export interface SimulatedRead {
  epc: string;
  antenna: number;
  /** Peak RSSI in dBm. */
  rssi: number;
  /** Times the tag was seen since the last report. */
  count: number;
}

export interface DeviceState {
  firmware: string;
  temperature: number;
  cpu: number;
  scanning: boolean;
  antennas: { port: number; power: number }[];
  totalReads: number;
}

/** A time with its offset (Zebra writes +0000 without a colon): the back-office keeps only such device times. */
const zebraTime = (at: Date) => at.toISOString().replace('Z', '+0000');

let eventNum = 0;

export function encodeReads(format: SimulatedFormat, reads: readonly SimulatedRead[], at = new Date()): string {
  switch (format) {
    case 'SIMPLE':
      return JSON.stringify({ reads: reads.map((r) => ({ epc: r.epc, antenna: r.antenna, rssi: r.rssi, count: r.count, ts: at.toISOString() })) });
    case 'ZEBRA':
      return JSON.stringify(
        reads.map((r) => ({
          type: 'SIMPLE',
          timestamp: zebraTime(at),
          data: { antenna: r.antenna, eventNum: ++eventNum, format: 'epc', idHex: r.epc.toLowerCase(), peakRssi: r.rssi, reads: r.count },
        })),
      );
    case 'IMPINJ':
      return reads
        .map((r) =>
          JSON.stringify({
            timestamp: at.toISOString(),
            hostname: 'impinj-sim',
            eventType: 'tagInventory',
            tagInventoryEvent: { epc: Buffer.from(r.epc, 'hex').toString('base64url'), epcHex: r.epc, antennaPort: r.antenna, peakRssiCdbm: Math.round(r.rssi * 100) },
          }),
        )
        .join('\n');
  }
}

/** The periodic status report; Impinj's interface has none (its MQTT keep-alive shows it alive). */
export function encodeHeartbeat(format: SimulatedFormat, state: DeviceState, at = new Date()): string | null {
  const on = state.antennas.filter((a) => a.power > 0).map((a) => a.port);
  switch (format) {
    case 'SIMPLE':
      return JSON.stringify({
        heartbeat: {
          ts: at.toISOString(),
          temperature: state.temperature,
          firmware: state.firmware,
          radioConnected: true,
          scanning: state.scanning,
          cpu: state.cpu,
          antennas: state.antennas.map((a) => ({ port: a.port, connected: true })),
        },
      });
    case 'ZEBRA':
      return JSON.stringify({
        type: 'heartbeat',
        timestamp: zebraTime(at),
        component: 'RG',
        eventNum: ++eventNum,
        data: {
          radio_control: {
            status: 'running',
            radioActivity: state.scanning ? 'active' : 'inactive',
            radioConnection: 'connected',
            antennas: Object.fromEntries(state.antennas.map((a) => [String(a.port), on.includes(a.port) ? 'connected' : 'disconnected'])),
            numTagReads: state.totalReads,
          },
          system: { cpu: { system: Math.round(state.cpu / 2), user: Math.round(state.cpu / 2) }, temperature: { ambient: state.temperature, pa: state.temperature + 4 } },
        },
      });
    case 'IMPINJ':
      return null;
  }
}

/** Scanning started or stopped. */
export function encodeInventory(format: SimulatedFormat, running: boolean, at = new Date()): string {
  switch (format) {
    case 'SIMPLE':
      return JSON.stringify({ inventory: { running, ts: at.toISOString() } });
    case 'ZEBRA':
      // Zebra reports the radio's activity in its heartbeat; a heartbeat is sent at once
      return JSON.stringify({ type: 'heartbeat', timestamp: zebraTime(at), component: 'RG', eventNum: ++eventNum, data: { radio_control: { radioActivity: running ? 'active' : 'inactive', radioConnection: 'connected' } } });
    case 'IMPINJ':
      return JSON.stringify({ timestamp: at.toISOString(), hostname: 'impinj-sim', eventType: 'inventoryStatus', inventoryStatusEvent: { status: running ? 'running' : 'idle' } });
  }
}

/** An output (the gate's light or buzzer) switched. */
export function encodeGpo(format: SimulatedFormat, port: number, state: boolean, at = new Date()): string | null {
  switch (format) {
    case 'SIMPLE':
      return JSON.stringify({ gpo: { port, state, ts: at.toISOString() } });
    case 'ZEBRA':
      return JSON.stringify({ type: 'gpo', timestamp: zebraTime(at), component: 'RC', eventNum: ++eventNum, data: { pin: port, state: state ? 'HIGH' : 'LOW' } });
    case 'IMPINJ':
      return null;
  }
}

/** An antenna plugged in or out; Zebra tells only a disconnection (an error event), its heartbeats carry the antennas' states. */
export function encodeAntenna(format: SimulatedFormat, port: number, connected: boolean, at = new Date()): string | null {
  switch (format) {
    case 'SIMPLE':
      return JSON.stringify({ antenna: { port, connected, ts: at.toISOString() } });
    case 'ZEBRA':
      return connected ? null : JSON.stringify({ type: 'error', timestamp: zebraTime(at), component: 'RC', eventNum: ++eventNum, data: { message: `Antenna Disconnected on Port ${port}` } });
    case 'IMPINJ': {
      const eventType = connected ? 'antennaConnected' : 'antennaDisconnected';
      return JSON.stringify({ timestamp: at.toISOString(), hostname: 'impinj-sim', eventType, [`${eventType}Event`]: { antennaPort: port } });
    }
  }
}

/**
 * The reader's birth message and its will (left with the broker at connect, published by it when the
 * connection breaks), in our simple format whatever the reader's: neither vendor defines one.
 */
export const connectionMessage = (connected: boolean) => JSON.stringify({ connection: { connected } });

/** The answer to a command, in Zebra's response envelope (every format answers in it). */
export function encodeResponse(command: string, commandId: string, ok: boolean, payload: object = {}, message?: string): string {
  return JSON.stringify({ command, command_id: commandId, response: ok ? 'success' : 'failure', payload, ...(message ? { message } : {}) });
}

/** What goes wrong on the wire: each must be logged by the back-office and harm nothing. */
export function malformedPayloads(): { what: string; payload: Buffer }[] {
  return [
    { what: 'binary garbage', payload: Buffer.from([0x00, 0xff, 0x13, 0x37, 0x80]) },
    { what: 'truncated JSON', payload: Buffer.from('{"reads": [{"epc": "30') },
    { what: 'a 26-hex-digit EPC', payload: Buffer.from(JSON.stringify({ reads: [{ epc: 'E28011606000020A1B2C3D4E0F', antenna: 1 }] })) },
    { what: 'an unknown shape', payload: Buffer.from(JSON.stringify({ hello: 'world' })) },
  ];
}
