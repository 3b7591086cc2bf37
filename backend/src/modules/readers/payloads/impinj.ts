import { normalizeTagCode, type ReaderFormat } from '@rfid/contracts';
import { parseDeviceTime } from './device-time.js';
import { hexOfBase64Url } from './epc.js';
import { briefJson, clip, integerField, isJsonObject, numberField, portField, textField, type JsonObject } from './json-fields.js';
import type { ParseSink } from './parse-sink.js';

/*
 * Impinj IoT Device Interface (R700, R720), the ReaderEvent of its OpenAPI spec (v1.5.0, committed by
 * Impinj as kwennerImpinj/python-openapi-parser test_files/impinj_iot_device_api_1_5_0.json; v1.7.0 as
 * documented in saji-ttarius/impinj-reader-config-api-v1.7.0 docs/ReaderEvent.md):
 * `{ timestamp, hostname?, eventType?, <name>Event: {...} }` with exactly one event object. eventType
 * is required only from v1.7.0, so the event is found by its key.
 *
 * tagInventoryEvent: `epc` is base64url (on by default), `epcHex` upper-case hex (off by default);
 * both present must name the same EPC. peakRssiCdbm is in centi-dBm. lastSeenTime ("the UTC time at
 * which the tag was last seen") is the read's time when enabled, else the event's timestamp (when it
 * was queued). Impinj reports no seen count. The spec has no heartbeat event.
 */

const NOTICE_TEXT_MAX = 300;

type ImpinjEvent = (event: JsonObject, deviceTime: Date | null, envelope: JsonObject, sink: ParseSink) => void;

const antennaEvent =
  (connected: boolean): ImpinjEvent =>
  (event, deviceTime, envelope, sink) => {
    const port = portField(event.antennaPort);
    if (port === null) sink.reject('Impinj antenna event without an antennaPort', envelope);
    else sink.message({ kind: 'antenna', deviceTime, port, connected });
  };

const EVENTS = new Map<string, ImpinjEvent>([
  ['antennaConnectedEvent', antennaEvent(true)],
  ['antennaDisconnectedEvent', antennaEvent(false)],
  [
    'inventoryStatusEvent',
    (event, deviceTime, envelope, sink) => {
      // idle, running, or armed: started and waiting for its start trigger (a GPI), which a stop ends too.
      const status = textField(event.status);
      if (status === null) sink.reject('Impinj inventoryStatusEvent without a status', envelope);
      else sink.message({ kind: 'inventory-status', deviceTime, running: status === 'running' || status === 'armed', detail: status });
    },
  ],
  [
    'inventoryTerminatedEvent',
    (_event, deviceTime, _envelope, sink) =>
      sink.message({ kind: 'inventory-status', deviceTime, running: false, detail: 'terminated by a reader exception' }),
  ],
  [
    // Not a ReaderEvent member in the v1.5.0 and v1.7.0 specs; newer firmware emits it (Impinj's
    // SmartReader, suporterfid/smartreader, parses it): { gpi, transition: "low-to-high" | "high-to-low" }.
    'gpiTransitionEvent',
    (event, deviceTime, envelope, sink) => {
      const port = portField(event.gpi);
      const transition = event.transition;
      if (port === null || (transition !== 'low-to-high' && transition !== 'high-to-low')) sink.reject('Impinj gpiTransitionEvent without a gpi or a transition', envelope);
      else sink.message({ kind: 'gpi', deviceTime, port, state: transition === 'low-to-high' });
    },
  ],
  [
    'overflowEvent',
    (event, deviceTime, _envelope, sink) => {
      const purged = integerField(event.eventsPurged, 0);
      sink.message({ kind: 'notice', deviceTime, level: 'warning', text: `the reader's event buffer overflowed: ${purged ?? 'some'} events dropped` });
    },
  ],
]);

/** Reads an Impinj ReaderEvent into the sink; null when the value is not one. */
export function readImpinj(value: JsonObject, sink: ParseSink): ReaderFormat | null {
  const tag = value.tagInventoryEvent;
  if (isJsonObject(tag)) {
    tagInventory(tag, value, sink);
    return 'IMPINJ';
  }
  for (const key in value) {
    const event = value[key];
    if (!key.endsWith('Event') || !isJsonObject(event)) continue;
    const read = EVENTS.get(key);
    // Another event of the spec (diagnosticEvent, tagLocation...Event): told, not used.
    if (read === undefined && !('timestamp' in value)) continue;
    const deviceTime = parseDeviceTime(value.timestamp);
    if (read !== undefined) read(event, deviceTime, value, sink);
    else sink.message({ kind: 'notice', deviceTime, level: 'info', text: `Impinj ${key}: ${briefJson(event, NOTICE_TEXT_MAX)}` });
    return 'IMPINJ';
  }
  return null;
}

function tagInventory(event: JsonObject, envelope: JsonObject, sink: ParseSink): void {
  const epc = epcOf(event, envelope, sink);
  if (epc === null) return;
  const cdbm = numberField(event.peakRssiCdbm);
  sink.read({
    epc,
    antenna: portField(event.antennaPort),
    rssi: cdbm === null ? null : cdbm / 100,
    seenCount: null,
    deviceTime: parseDeviceTime(event.lastSeenTime) ?? parseDeviceTime(envelope.timestamp),
  });
}

/** The EPC of a tagInventoryEvent from `epc` (base64url) and/or `epcHex`, or null once the event is refused. */
function epcOf(event: JsonObject, envelope: JsonObject, sink: ParseSink): string | null {
  const base64 = event.epc;
  const hex = event.epcHex;
  if (base64 === undefined) return sink.epc(hex, envelope);
  const decoded = typeof base64 === 'string' ? hexOfBase64Url(base64) : null;
  if (decoded === null) {
    sink.reject(`epc ${clip(JSON.stringify(base64), 200)} is not base64url`, envelope);
    return null;
  }
  if (hex !== undefined && (typeof hex !== 'string' || normalizeTagCode(hex) !== decoded)) {
    sink.reject(`epc and epcHex disagree: epc ${clip(String(base64), 200)} is ${clip(decoded, 130)}, epcHex is ${clip(String(hex), 130)}`, envelope);
    return null;
  }
  return sink.epc(decoded, envelope);
}
