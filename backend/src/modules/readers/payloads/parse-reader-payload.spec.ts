import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDeviceTime } from './device-time.js';
import * as impinj from './fixtures/impinj.js';
import * as simple from './fixtures/simple.js';
import * as zebra from './fixtures/zebra.js';
import { PAYLOAD_MAX_BYTES, parseReaderPayload } from './parse-reader-payload.js';
import type { ParseOutcome, ReaderMessage, TagRead } from './reader-message.js';

const parse = (payload: string | Buffer): ParseOutcome => parseReaderPayload(typeof payload === 'string' ? Buffer.from(payload) : payload);
const at = (iso: string) => new Date(iso);

function readsOf(outcome: ParseOutcome): TagRead[] {
  return outcome.messages.flatMap((m) => (m.kind === 'tag-reads' ? m.reads : []));
}

/** The one message of a payload that must mean exactly one thing. */
function only(outcome: ParseOutcome): ReaderMessage {
  assert.deepEqual(outcome.rejected, []);
  assert.equal(outcome.messages.length, 1, JSON.stringify(outcome.messages));
  return outcome.messages[0]!;
}

/** A payload not understood: format null, no message, one reason, and a raw that stays small. */
function notUnderstood(outcome: ParseOutcome): { reason: string; raw: string } {
  assert.equal(outcome.format, null);
  assert.deepEqual(outcome.messages, []);
  assert.equal(outcome.rejected.length, 1, JSON.stringify(outcome.rejected));
  const { reason, raw } = outcome.rejected[0]!;
  assert.equal(typeof raw, 'string');
  assert.ok((raw as string).length <= 2049, `raw is ${(raw as string).length} characters`);
  return { reason, raw: raw as string };
}

describe('Zebra IoT Connector payloads', () => {
  it('a SIMPLE batch (a JSON array, +0200 offset): the good read counts, the idHex with a "_2" suffix is refused with its event', () => {
    const outcome = parse(zebra.ZEBRA_SIMPLE_BATCH);
    assert.equal(outcome.format, 'ZEBRA');
    assert.deepEqual(outcome.messages, [
      {
        kind: 'tag-reads',
        reads: [{ epc: '112233445566778899001134', antenna: 1, rssi: -53, seenCount: 387321, deviceTime: at('2023-04-03T19:50:16.699Z') }],
      },
    ]);
    assert.equal(outcome.rejected.length, 1);
    assert.equal(outcome.rejected[0]!.reason, 'EPC "112233445566778899001134_2" is not hexadecimal');
    assert.equal((outcome.rejected[0]!.raw as { data: { eventNum: number } }).data.eventNum, 1761);
  });

  it('a SIMPLE event with metadata and access results: lower-case idHex stored upper-case, -0600 offset, no seen count', () => {
    assert.deepEqual(only(parse(zebra.ZEBRA_SIMPLE_WITH_ACCESS_RESULTS)), {
      kind: 'tag-reads',
      reads: [{ epc: 'E2C24500200000668534009C', antenna: 1, rssi: -39, seenCount: null, deviceTime: at('2024-11-21T19:20:53.319Z') }],
    });
  });

  it('a CUSTOM event (+0000) and an event without type (a 128-bit EPC, +03:00)', () => {
    assert.deepEqual(readsOf(parse(zebra.ZEBRA_CUSTOM)), [
      { epc: 'AA0004EF55555555AA21BF43', antenna: 1, rssi: -34, seenCount: 1, deviceTime: at('2026-08-13T09:14:28.651Z') },
    ]);
    const untyped = parse(zebra.ZEBRA_UNTYPED_128_BIT);
    assert.equal(untyped.format, 'ZEBRA');
    assert.deepEqual(readsOf(untyped), [
      { epc: '07D7FEF80080507FEFF5CB6DB0649CB6', antenna: 4, rssi: -53, seenCount: null, deviceTime: at('2026-08-21T18:04:37.086Z') },
    ]);
  });

  it('an idHex with spaces is one EPC, as a tag typed with spaces is', () => {
    const spaced = zebra.ZEBRA_CUSTOM.replace('"aa0004ef55555555aa21bf43"', '"aa00 04ef 5555 5555 aa21 bf43"');
    assert.equal(readsOf(parse(spaced))[0]!.epc, 'AA0004EF55555555AA21BF43');
  });

  it('concatenated events with no separator are one run of reads', () => {
    const outcome = parse(zebra.ZEBRA_CONCATENATED);
    assert.equal(outcome.format, 'ZEBRA');
    assert.deepEqual(outcome.rejected, []);
    assert.equal(outcome.messages.length, 1);
    assert.deepEqual(
      readsOf(outcome).map((r) => [r.epc, r.rssi, r.deviceTime?.toISOString()]),
      [
        ['7EDA9038051002710002C0AE', -70, '2025-03-10T08:00:00.000Z'],
        ['7EDA9038051002710002C0AE', -68, '2025-03-10T08:00:01.000Z'],
      ],
    );
  });

  it('a heartbeat: radio connection and activity, antennas, CPU (system + user), ambient temperature; no firmware', () => {
    const outcome = parse(zebra.ZEBRA_HEARTBEAT);
    assert.equal(outcome.format, 'ZEBRA');
    assert.deepEqual(only(outcome), {
      kind: 'heartbeat',
      deviceTime: at('2024-05-02T08:15:30.123Z'),
      temperature: 38,
      firmware: null,
      radioConnected: true,
      antennas: [
        { port: 1, connected: true },
        { port: 2, connected: false },
        { port: 3, connected: false },
        { port: 4, connected: false },
      ],
      cpu: 11,
      scanning: true,
    });
  });

  it('GPI and GPO events (pin, HIGH/LOW) and an error event', () => {
    assert.deepEqual(only(parse(zebra.ZEBRA_GPI)), { kind: 'gpi', deviceTime: at('2024-05-02T08:16:01.007Z'), port: 1, state: true });
    assert.deepEqual(only(parse(zebra.ZEBRA_GPO)), { kind: 'gpo', deviceTime: at('2024-05-02T08:16:02.500Z'), port: 2, state: false });
    assert.deepEqual(only(parse(zebra.ZEBRA_ERROR)), {
      kind: 'notice',
      deviceTime: at('2024-05-02T08:17:00.000Z'),
      level: 'error',
      text: 'Antenna Disconnected on Port 2',
    });
  });

  it('command responses: success with its payload, and the failure of a start while running with its words', () => {
    assert.deepEqual(only(parse(zebra.ZEBRA_SET_NETWORK_RESPONSE)), {
      kind: 'command-response',
      commandId: 'abcd345',
      command: 'set_network',
      ok: true,
      payload: {},
      message: null,
    });
    const version = only(parse(zebra.ZEBRA_GET_VERSION_RESPONSE));
    assert.ok(version.kind === 'command-response' && version.ok);
    assert.equal((version.payload as { readerApplication: string }).readerApplication, '2.7.19.0');
    const failure = parse(zebra.ZEBRA_START_FAILURE);
    assert.equal(failure.format, 'ZEBRA');
    assert.deepEqual(only(failure), {
      kind: 'command-response',
      commandId: '638500000000000001',
      command: 'start',
      ok: false,
      payload: { message: 'Radio is already running' },
      message: 'Radio is already running',
    });
  });

  it('a GPI event without a state is refused, not read as LOW', () => {
    const outcome = parse('{"type":"gpi","timestamp":"2024-05-02T10:16:01.007+0200","data":{"pin":1}}');
    assert.equal(outcome.format, 'ZEBRA');
    assert.deepEqual(outcome.messages, []);
    assert.match(outcome.rejected[0]!.reason, /GPI event without a pin number or a HIGH\/LOW state/);
  });
});

describe('Impinj IoT Device Interface payloads', () => {
  it('a tag inventory event with every field: epc (base64url, with "_") and epcHex agree, RSSI from centi-dBm, the read time is lastSeenTime', () => {
    const outcome = parse(impinj.IMPINJ_TAG_ALL_FIELDS);
    assert.equal(outcome.format, 'IMPINJ');
    assert.deepEqual(only(outcome), {
      kind: 'tag-reads',
      reads: [{ epc: '3074257BF7194E4000001A85', antenna: 1, rssi: -53.25, seenCount: null, deviceTime: at('2024-05-02T08:15:30.120Z') }],
    });
  });

  it('factory defaults: the base64url epc alone, the read time is the event time', () => {
    assert.deepEqual(readsOf(parse(impinj.IMPINJ_TAG_FACTORY_DEFAULTS)), [
      { epc: 'E28011606000020A1B2C3D4E', antenna: 2, rssi: -61.5, seenCount: null, deviceTime: at('2024-05-02T08:15:31.004Z') },
    ]);
  });

  it('epc in the standard base64 alphabet reads as the same EPC; one that is not base64 is refused', () => {
    const standard = impinj.IMPINJ_TAG_ALL_FIELDS.replace('MHQle_cZTkAAABqF', 'MHQle/cZTkAAABqF');
    assert.equal(readsOf(parse(standard))[0]!.epc, '3074257BF7194E4000001A85');
    const broken = parse('{"timestamp":"2024-05-02T08:15:31.004Z","tagInventoryEvent":{"epc":"4oAR*GAAAgobLD1O","antennaPort":2}}');
    assert.deepEqual(broken.messages, []);
    assert.equal(broken.rejected[0]!.reason, 'epc "4oAR*GAAAgobLD1O" is not base64url');
  });

  it('epc and epcHex from the simulator agree; when they name different tags the event is refused', () => {
    assert.equal(readsOf(parse(impinj.IMPINJ_TAG_BOTH_EPC_FORMS))[0]!.epc, '7EDA9038051002710002C0AE');
    const mismatch = parse(impinj.IMPINJ_TAG_EPC_MISMATCH);
    assert.equal(mismatch.format, 'IMPINJ');
    assert.deepEqual(mismatch.messages, []);
    assert.equal(mismatch.rejected.length, 1);
    assert.equal(
      mismatch.rejected[0]!.reason,
      'epc and epcHex disagree: epc ftqQOAUQAnEAAsCu is 7EDA9038051002710002C0AE, epcHex is 7EDA9038051002710002C0AF',
    );
  });

  it('a batch of epcHex-only events; a 9-digit fraction keeps its milliseconds', () => {
    assert.deepEqual(
      readsOf(parse(impinj.IMPINJ_TAG_BATCH)).map((r) => [r.epc, r.rssi, r.deviceTime?.toISOString()]),
      [
        ['329CCCC05E2C02C9D8081562301FD644', -40.5, '2021-02-02T18:39:33.886Z'],
        ['8170EF0EEDC002E4F7C03616166AF532', -43.5, '2021-02-02T18:39:34.385Z'],
      ],
    );
  });

  it('antenna, inventory status, termination, GPI and overflow events', () => {
    assert.deepEqual(only(parse(impinj.IMPINJ_ANTENNA_CONNECTED)), { kind: 'antenna', deviceTime: at('2024-05-02T08:00:00.001Z'), port: 1, connected: true });
    assert.deepEqual(only(parse(impinj.IMPINJ_ANTENNA_DISCONNECTED)), { kind: 'antenna', deviceTime: at('2024-05-02T08:20:12.500Z'), port: 3, connected: false });
    assert.deepEqual(only(parse(impinj.IMPINJ_INVENTORY_RUNNING)), { kind: 'inventory-status', deviceTime: at('2024-05-02T08:00:01.000Z'), running: true, detail: 'running' });
    assert.deepEqual(only(parse(impinj.IMPINJ_INVENTORY_IDLE)), { kind: 'inventory-status', deviceTime: at('2024-05-02T09:30:00.000Z'), running: false, detail: 'idle' });
    assert.deepEqual(only(parse(impinj.IMPINJ_INVENTORY_TERMINATED)), {
      kind: 'inventory-status',
      deviceTime: at('2024-05-02T09:00:00.000Z'),
      running: false,
      detail: 'terminated by a reader exception',
    });
    assert.deepEqual(only(parse(impinj.IMPINJ_GPI_TRANSITION)), { kind: 'gpi', deviceTime: at('2024-05-02T08:30:00.250Z'), port: 1, state: true });
    assert.deepEqual(only(parse(impinj.IMPINJ_OVERFLOW)), {
      kind: 'notice',
      deviceTime: at('2024-05-02T08:40:00.000Z'),
      level: 'warning',
      text: "the reader's event buffer overflowed: 120 events dropped",
    });
  });

  it('a newline-delimited stream with a blank keep-alive line: each event in order', () => {
    const outcome = parse(impinj.IMPINJ_STREAM);
    assert.equal(outcome.format, 'IMPINJ');
    assert.deepEqual(outcome.rejected, []);
    assert.deepEqual(
      outcome.messages.map((m) => m.kind),
      ['inventory-status', 'tag-reads', 'antenna'],
    );
  });

  it('an event of the spec that is not used is told as a notice', () => {
    const message = only(parse('{"timestamp":"2024-05-02T08:00:00Z","diagnosticEvent":{"code":7}}'));
    assert.deepEqual(message, { kind: 'notice', deviceTime: at('2024-05-02T08:00:00Z'), level: 'info', text: 'Impinj diagnosticEvent: {"code":7}' });
  });
});

describe('our simple JSON format', () => {
  it('reads: a 26-hex-digit EPC is refused with its reason while the other reads of the message count', () => {
    const outcome = parse(simple.SIMPLE_READS);
    assert.equal(outcome.format, 'SIMPLE');
    assert.deepEqual(outcome.messages, [
      {
        kind: 'tag-reads',
        reads: [
          { epc: 'E28011606000020A1B2C3D4E', antenna: 1, rssi: -52, seenCount: 3, deviceTime: at('2026-11-24T03:00:00.123Z') },
          { epc: '3074257BF7194E4000001A85', antenna: 2, rssi: -48.5, seenCount: null, deviceTime: null },
        ],
      },
    ]);
    assert.deepEqual(outcome.rejected, [
      {
        reason: 'EPC is 26 hex digits: not whole 16-bit words',
        raw: { epc: 'E28011606000020A1B2C3D4E01', antenna: 1, rssi: -60, ts: '2026-11-24T10:00:00.200+07:00' },
      },
    ]);
  });

  it('heartbeat, antenna, inventory, GPI, GPO and notice messages', () => {
    assert.deepEqual(only(parse(simple.SIMPLE_HEARTBEAT)), {
      kind: 'heartbeat',
      deviceTime: at('2026-11-24T03:00:05Z'),
      temperature: 41.5,
      firmware: 'sim-1.4.2',
      radioConnected: true,
      antennas: [
        { port: 1, connected: true },
        { port: 2, connected: false },
      ],
      cpu: 12,
      scanning: false,
    });
    assert.deepEqual(only(parse(simple.SIMPLE_ANTENNA)), { kind: 'antenna', deviceTime: at('2026-11-24T03:00:06Z'), port: 2, connected: false });
    assert.deepEqual(only(parse(simple.SIMPLE_INVENTORY)), {
      kind: 'inventory-status',
      deviceTime: at('2026-11-24T03:00:07Z'),
      running: true,
      detail: 'started by the trigger',
    });
    assert.deepEqual(only(parse(simple.SIMPLE_GPI)), { kind: 'gpi', deviceTime: at('2026-11-24T03:00:08Z'), port: 1, state: true });
    assert.deepEqual(only(parse(simple.SIMPLE_GPO)), { kind: 'gpo', deviceTime: null, port: 3, state: false });
    assert.deepEqual(only(parse(simple.SIMPLE_NOTICE)), { kind: 'notice', deviceTime: at('2026-11-24T03:00:09Z'), level: 'warning', text: 'reader temperature high' });
    assert.deepEqual(only(parse(simple.SIMPLE_OFFLINE)), { kind: 'connection', deviceTime: null, connected: false });
    assert.deepEqual(only(parse(simple.SIMPLE_ONLINE)), { kind: 'connection', deviceTime: at('2026-11-24T03:00:10Z'), connected: true });
    assert.equal(parse('{ "connection": { "connected": "no" } }').rejected[0]?.reason, 'connection without a true/false connected');
  });

  it('a heartbeat with only some fields leaves the others null', () => {
    assert.deepEqual(only(parse('{"heartbeat":{"temperature":"hot"}}')), {
      kind: 'heartbeat',
      deviceTime: null,
      temperature: null,
      firmware: null,
      radioConnected: null,
      antennas: null,
      cpu: null,
      scanning: null,
    });
  });

  it('command responses in the Zebra envelope, with our message on a failure', () => {
    assert.deepEqual(only(parse(simple.SIMPLE_SUCCESS)), {
      kind: 'command-response',
      commandId: 'c-101',
      command: 'set_mode',
      ok: true,
      payload: { mode: 'COUNTING' },
      message: null,
    });
    assert.deepEqual(only(parse(simple.SIMPLE_FAILURE)), {
      kind: 'command-response',
      commandId: 'c-102',
      command: 'start',
      ok: false,
      payload: null,
      message: 'radio not connected',
    });
  });

  it('a read without an EPC, a read that is not an object, and reads that are not a list are refused', () => {
    const outcome = parse('{"reads":[{"antenna":1},"E280",{"epc":"E2801160"}]}');
    assert.deepEqual(readsOf(outcome).map((r) => r.epc), ['E2801160']);
    assert.deepEqual(outcome.rejected.map((r) => r.reason), ['no EPC', 'a read is not an object']);
    assert.deepEqual(parse('{"reads":"E2801160"}').rejected.map((r) => r.reason), ['reads is not a list']);
  });
});

describe('EPCs are tag codes: contracts decide', () => {
  const readOf = (epc: string) => parse(JSON.stringify({ reads: [{ epc }] }));

  it('at most 496 bits: 124 hex digits are read, 128 refused', () => {
    assert.equal(readsOf(readOf('A'.repeat(124)))[0]!.epc, 'A'.repeat(124));
    assert.deepEqual(readOf('A'.repeat(128)).rejected.map((r) => r.reason), ['EPC is 128 hex digits (512 bits): more than 496 bits']);
  });

  it('an empty EPC, and one that is not text', () => {
    assert.deepEqual(readOf('').rejected.map((r) => r.reason), ['EPC is empty']);
    assert.deepEqual(parse('{"reads":[{"epc":12345678}]}').rejected.map((r) => r.reason), ['EPC is not text']);
  });
});

describe('device time', () => {
  it('kept only with an explicit offset: Z, ±hh:mm, ±hhmm', () => {
    assert.deepEqual(parseDeviceTime('2023-04-03T21:50:16.699+0200'), at('2023-04-03T19:50:16.699Z'));
    assert.deepEqual(parseDeviceTime('2024-11-21T13:20:53.319-0600'), at('2024-11-21T19:20:53.319Z'));
    assert.deepEqual(parseDeviceTime('2026-08-21T21:04:37.086+03:00'), at('2026-08-21T18:04:37.086Z'));
    assert.deepEqual(parseDeviceTime('2020-11-20T10:20:30Z'), at('2020-11-20T10:20:30Z'));
    assert.deepEqual(parseDeviceTime('2026-11-24T10:00+07:00'), at('2026-11-24T03:00:00Z'));
  });

  it('fractions of up to 9 digits keep their milliseconds', () => {
    assert.deepEqual(parseDeviceTime('2021-02-02T18:39:34.385793625Z'), at('2021-02-02T18:39:34.385Z'));
    assert.deepEqual(parseDeviceTime('2021-02-02T18:39:34.5Z'), at('2021-02-02T18:39:34.500Z'));
    assert.equal(parseDeviceTime('2021-02-02T18:39:34.3857936251Z'), null);
  });

  it('a time without offset, an impossible date and anything else give null', () => {
    for (const text of ['2026-11-24T10:00:00.123', '2026-11-24', '2023-02-29T10:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T00:00:00+2400', 'yesterday', '']) {
      assert.equal(parseDeviceTime(text), null, text);
    }
    assert.deepEqual(parseDeviceTime('2024-02-29T00:00:00Z'), at('2024-02-29T00:00:00Z'));
    assert.equal(parseDeviceTime(1700000000000), null);
  });
});

describe('payloads not understood: format null with a reason, never a throw', () => {
  it('binary garbage: its first bytes as hex', () => {
    const { reason, raw } = notUnderstood(parse(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x7b])));
    assert.equal(reason, 'not text: binary data, or text that is not UTF-8');
    assert.equal(raw, 'fffe0001807b');
  });

  it('truncated JSON, text that is not JSON', () => {
    const truncated = zebra.ZEBRA_CUSTOM.slice(0, 120);
    const { reason, raw } = notUnderstood(parse(truncated));
    assert.match(reason, /^not JSON: /);
    assert.equal(raw, truncated);
    assert.match(notUnderstood(parse('connection lost')).reason, /^not JSON: /);
  });

  it('an empty payload, blank text, an empty array', () => {
    assert.equal(notUnderstood(parse(Buffer.alloc(0))).reason, 'empty payload');
    assert.equal(notUnderstood(parse(' \r\n ')).reason, 'empty payload');
    assert.equal(notUnderstood(parse('[]')).reason, 'an empty JSON array: no message');
  });

  it('a 1 MB payload is refused unread; its raw is its first 2 KB', () => {
    const read = '{"epc":"E28011606000020A1B2C3D4E","antenna":1},';
    const huge = Buffer.from(`{"reads":[${read.repeat(Math.ceil((1024 * 1024) / read.length))}{"epc":"E2801160"}]}`);
    assert.ok(huge.length > 1024 * 1024);
    const { reason, raw } = notUnderstood(parse(huge));
    assert.equal(reason, `payload is ${huge.length} bytes: more than the ${PAYLOAD_MAX_BYTES} a reader's message may have`);
    assert.ok(raw.startsWith('{"reads":[{"epc"'));
  });

  it('JSON of no known shape names its keys; a scalar, an array of unknowns, a command to a reader', () => {
    assert.equal(notUnderstood(parse('{"hello":"world","n":1}')).reason, 'JSON of no known reader format (keys: hello, n)');
    assert.equal(notUnderstood(parse('42')).reason, 'a JSON number is not a reader message');
    assert.equal(notUnderstood(parse('[{"a":1},{"b":2}]')).reason, 'none of its 2 parts is a reader message; the first: JSON of no known reader format (keys: a)');
    assert.equal(notUnderstood(parse('{"command":"start","command_id":"x","payload":{}}')).reason, 'a command to a reader, not a message from one');
    assert.equal(notUnderstood(parse('{"type":"x","data":{}}')).reason, 'JSON of no known reader format (keys: type, data)');
  });

  it('a known message beside an unknown one: the known counts, the unknown is refused with itself as raw', () => {
    const outcome = parse(`[${zebra.ZEBRA_CUSTOM},{"what":"ever"}]`);
    assert.equal(outcome.format, 'ZEBRA');
    assert.equal(readsOf(outcome).length, 1);
    assert.deepEqual(outcome.rejected, [{ reason: 'JSON of no known reader format (keys: what)', raw: { what: 'ever' } }]);
  });

  it('a stream with one broken line: the other lines count, the broken one is refused', () => {
    const outcome = parse(`${impinj.IMPINJ_ANTENNA_CONNECTED}\n{"timestamp":"2024-05-02T08:00:00Z","tagInvento\n${impinj.IMPINJ_INVENTORY_IDLE}\n`);
    assert.equal(outcome.format, 'IMPINJ');
    assert.deepEqual(outcome.messages.map((m) => m.kind), ['antenna', 'inventory-status']);
    assert.equal(outcome.rejected.length, 1);
    assert.match(outcome.rejected[0]!.reason, /^not JSON: /);
  });

  it('hostile inputs neither throw nor hang', () => {
    const hostile = ['['.repeat(200_000), '{"a":'.repeat(50_000), '"'.repeat(100_001), '}'.repeat(1000), '{"reads":[' + '{"epc":"AB"},'.repeat(20_000) + ']}'];
    for (const text of hostile) {
      const outcome = parse(text);
      assert.ok(outcome.format === null || outcome.rejected.length > 0, text.slice(0, 20));
    }
  });
});
