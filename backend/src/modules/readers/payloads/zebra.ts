import type { ReaderFormat } from '@rfid/contracts';
import { parseDeviceTime } from './device-time.js';
import { briefJson, clip, integerField, isJsonObject, numberField, portField, stateField, textField, type JsonObject } from './json-fields.js';
import type { ParseSink } from './parse-sink.js';

/*
 * Zebra IoT Connector (FX7500, FX9600, ATR7000), https://zebradevs.github.io/rfid-ziotc-docs/.
 *
 * Tag data events: `{ data: { idHex, antenna, peakRssi, reads, ... }, timestamp, type }`, `type` being
 * the operating mode (SIMPLE, INVENTORY, CUSTOM ...) or absent. Field names from Zebra's own samples
 * (ZebraDevs/RFID_ZIOTC_Examples: GRAI-96-Decoder, RFID-Monitor); idHex is lower-case in every payload
 * seen, `reads` is the SEEN_COUNT metadata ("number of times the tag has been inventoried since the
 * previous report"), peakRssi is in dBm.
 *
 * Management events: `{ type, timestamp, component, eventNum, data }` (Zebra's generated models,
 * ZebraDevs/RFID-IoTConnector-MQTT-dotnet-DockDoorSample Models/Management): heartbeat, gpi, error,
 * warning, hello, firmwareUpdateProgress, userapp. Only "heartbeat" is confirmed as a type string by
 * Zebra's code; the others are the models' names, taken in singular and plural. No GPO event model is
 * published: a "gpo" event is read like a GPI one.
 */

/** Operating modes, which tag data events carry as their `type` (Zebra's operating-mode schema). */
const TAG_EVENT_TYPES = new Set(['SIMPLE', 'INVENTORY', 'PORTAL', 'CONVEYOR', 'CUSTOM', 'DIRECTIONALITY']);
const NOTICE_TEXT_MAX = 500;

type ManagementEvent = (data: JsonObject, deviceTime: Date | null, event: JsonObject, sink: ParseSink) => void;

const notice =
  (level: 'info' | 'warning' | 'error', what: string): ManagementEvent =>
  (data, deviceTime, _event, sink) => {
    const message = textField(data.message);
    const text = message !== null ? clip(message, NOTICE_TEXT_MAX) : `${what}: ${briefJson(data, NOTICE_TEXT_MAX)}`;
    sink.message({ kind: 'notice', deviceTime, level, text });
  };

const pinEvent =
  (kind: 'gpi' | 'gpo'): ManagementEvent =>
  (data, deviceTime, event, sink) => {
    const port = portField(data.pin ?? data.port);
    const state = stateField(data.state, 'high', 'low');
    if (port === null || state === null) sink.reject(`Zebra ${kind.toUpperCase()} event without a pin number or a HIGH/LOW state`, event);
    else sink.message({ kind, deviceTime, port, state });
  };

const MANAGEMENT_EVENTS = new Map<string, ManagementEvent>([
  ['heartbeat', heartbeat],
  ['gpi', pinEvent('gpi')],
  ['gpo', pinEvent('gpo')],
  ['error', notice('error', 'error')],
  ['errors', notice('error', 'error')],
  ['warning', notice('warning', 'warning')],
  ['warnings', notice('warning', 'warning')],
  ['hello', notice('info', 'hello (radio control and reader gateway started)')],
  ['firmwareUpdateProgress', notice('info', 'firmware update progress')],
  ['userapp', notice('info', 'user application')],
]);

/** Reads a Zebra tag data event or management event into the sink; null when the value is neither. */
export function readZebra(value: JsonObject, sink: ParseSink): ReaderFormat | null {
  const data = value.data;
  if (!isJsonObject(data)) return null;
  const type = value.type;
  if (typeof type === 'string' && !TAG_EVENT_TYPES.has(type)) {
    const management = MANAGEMENT_EVENTS.get(type);
    if (management === undefined) return null;
    management(data, parseDeviceTime(value.timestamp), value, sink);
    return 'ZEBRA';
  }
  if (!('idHex' in data)) {
    if (type === undefined) return null;
    sink.reject('Zebra tag data event without idHex', value);
    return 'ZEBRA';
  }
  const epc = sink.epc(data.idHex, value);
  if (epc !== null) {
    sink.read({
      epc,
      antenna: portField(data.antenna),
      rssi: numberField(data.peakRssi),
      seenCount: integerField(data.reads, 0),
      deviceTime: parseDeviceTime(value.timestamp),
    });
  }
  return 'ZEBRA';
}

/**
 * data.radio_control: radioConnection "connected"/"disconnected", radioActivity "active"/"inactive",
 * antennas { "1": "connected", ... }; data.system: cpu { system, user } (percent), temperature
 * { ambient, pa } (°C; the ambient one is the reader's). Zebra heartbeats carry no firmware version:
 * the get_version command answers it (payload.readerApplication).
 */
function heartbeat(data: JsonObject, deviceTime: Date | null, _event: JsonObject, sink: ParseSink): void {
  const radio = isJsonObject(data.radio_control) ? data.radio_control : {};
  const system = isJsonObject(data.system) ? data.system : {};
  sink.message({
    kind: 'heartbeat',
    deviceTime,
    temperature: temperatureOf(system.temperature),
    firmware: null,
    radioConnected: stateField(radio.radioConnection, 'connected', 'disconnected'),
    antennas: antennasOf(radio.antennas),
    cpu: cpuOf(system.cpu),
    scanning: stateField(radio.radioActivity, 'active', 'inactive'),
  });
}

function temperatureOf(value: unknown): number | null {
  if (!isJsonObject(value)) return numberField(value);
  return numberField(value.ambient) ?? numberField(value.pa);
}

function cpuOf(value: unknown): number | null {
  if (!isJsonObject(value)) return numberField(value);
  const system = numberField(value.system);
  const user = numberField(value.user);
  return system === null && user === null ? null : (system ?? 0) + (user ?? 0);
}

function antennasOf(value: unknown): { port: number; connected: boolean }[] | null {
  if (!isJsonObject(value)) return null;
  const antennas: { port: number; connected: boolean }[] = [];
  for (const key of Object.keys(value)) {
    const port = portField(key);
    const connected = stateField(value[key], 'connected', 'disconnected');
    if (port !== null && connected !== null) antennas.push({ port, connected });
  }
  return antennas.sort((a, b) => a.port - b.port);
}
