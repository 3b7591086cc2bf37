import type { ReaderFormat } from '@rfid/contracts';
import { parseDeviceTime } from './device-time.js';
import { booleanField, clip, integerField, isJsonObject, numberField, portField, textField, type JsonObject } from './json-fields.js';
import type { ParseSink } from './parse-sink.js';

/*
 * Our own simple JSON, spoken by the simulators and by simple readers; README.md "Readers: the simple
 * JSON format" documents it. One object names what it is by its one key: reads, heartbeat, antenna,
 * inventory, gpi, gpo, notice or connection. Command responses use Zebra's envelope (command-response.ts).
 */

const NOTICE_TEXT_MAX = 500;
const NOTICE_LEVELS = new Set(['info', 'warning', 'error']);

type SimpleMessage = (body: JsonObject, sink: ParseSink) => void;

const pinEvent =
  (kind: 'gpi' | 'gpo'): SimpleMessage =>
  (body, sink) => {
    const port = portField(body.port);
    const state = booleanField(body.state);
    if (port === null || state === null) sink.reject(`${kind} without a port or a true/false state`, body);
    else sink.message({ kind, deviceTime: parseDeviceTime(body.ts), port, state });
  };

const MESSAGES = new Map<string, SimpleMessage>([
  [
    'heartbeat',
    (body, sink) =>
      sink.message({
        kind: 'heartbeat',
        deviceTime: parseDeviceTime(body.ts),
        temperature: numberField(body.temperature),
        firmware: textField(body.firmware),
        radioConnected: booleanField(body.radioConnected),
        antennas: antennasOf(body.antennas),
        cpu: numberField(body.cpu),
        scanning: booleanField(body.scanning),
      }),
  ],
  [
    'antenna',
    (body, sink) => {
      const port = portField(body.port);
      const connected = booleanField(body.connected);
      if (port === null || connected === null) sink.reject('antenna without a port or a true/false connected', body);
      else sink.message({ kind: 'antenna', deviceTime: parseDeviceTime(body.ts), port, connected });
    },
  ],
  [
    'inventory',
    (body, sink) => {
      const running = booleanField(body.running);
      if (running === null) sink.reject('inventory without a true/false running', body);
      else sink.message({ kind: 'inventory-status', deviceTime: parseDeviceTime(body.ts), running, detail: textField(body.detail) });
    },
  ],
  [
    // A reader's birth message, goodbye, or will: an external broker tells the back-office of a lost
    // connection only by publishing the will the reader left with it.
    'connection',
    (body, sink) => {
      const connected = booleanField(body.connected);
      if (connected === null) sink.reject('connection without a true/false connected', body);
      else sink.message({ kind: 'connection', deviceTime: parseDeviceTime(body.ts), connected });
    },
  ],
  ['gpi', pinEvent('gpi')],
  ['gpo', pinEvent('gpo')],
  [
    'notice',
    (body, sink) => {
      const level = body.level;
      const text = textField(body.text);
      if (typeof level !== 'string' || !NOTICE_LEVELS.has(level) || text === null) sink.reject('notice without a level (info, warning, error) or a text', body);
      else sink.message({ kind: 'notice', deviceTime: parseDeviceTime(body.ts), level: level as 'info' | 'warning' | 'error', text: clip(text, NOTICE_TEXT_MAX) });
    },
  ],
]);

/** Reads a message of our simple format into the sink; null when the value is not one. */
export function readSimple(value: JsonObject, sink: ParseSink): ReaderFormat | null {
  if ('reads' in value) {
    if (Array.isArray(value.reads)) for (const read of value.reads) readOne(read, sink);
    else sink.reject('reads is not a list', value);
    return 'SIMPLE';
  }
  for (const [key, read] of MESSAGES) {
    const body = value[key];
    if (!isJsonObject(body)) continue;
    read(body, sink);
    return 'SIMPLE';
  }
  return null;
}

function readOne(read: unknown, sink: ParseSink): void {
  if (!isJsonObject(read)) {
    sink.reject('a read is not an object', read);
    return;
  }
  const epc = sink.epc(read.epc, read);
  if (epc === null) return;
  sink.read({
    epc,
    antenna: portField(read.antenna),
    rssi: numberField(read.rssi),
    seenCount: integerField(read.count, 0),
    deviceTime: parseDeviceTime(read.ts),
  });
}

function antennasOf(value: unknown): { port: number; connected: boolean }[] | null {
  if (!Array.isArray(value)) return null;
  const antennas: { port: number; connected: boolean }[] = [];
  for (const item of value) {
    if (!isJsonObject(item)) continue;
    const port = portField(item.port);
    const connected = booleanField(item.connected);
    if (port !== null && connected !== null) antennas.push({ port, connected });
  }
  return antennas;
}
