// node test/dist/bench/reader-payloads.bench.js — how many tag reads a second the payload layer turns
// into messages, per format and framing, on one core. Target: the MQTT pipeline sustains >= 10,000
// reads/s on a 2-core machine, so parsing must take a small part of a core at that rate.
import { IMPINJ_TAG_ALL_FIELDS, IMPINJ_TAG_FACTORY_DEFAULTS } from '@rfid/backend/modules/readers/payloads/fixtures/impinj';
import { ZEBRA_SIMPLE_WITH_ACCESS_RESULTS } from '@rfid/backend/modules/readers/payloads/fixtures/zebra';
import { parseReaderPayload } from '@rfid/backend/modules/readers/payloads/parse-reader-payload';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const compact = (json: string) => JSON.stringify(JSON.parse(json));
const zebraEvent = compact(ZEBRA_SIMPLE_WITH_ACCESS_RESULTS);
const impinjEvent = compact(IMPINJ_TAG_ALL_FIELDS);
const epcs = Array.from({ length: 100 }, (_, i) => `E2801160600002${String(i).padStart(10, '0')}`);

const cases: { name: string; payload: Buffer; reads: number }[] = [
  { name: 'Zebra, one event per message', payload: Buffer.from(zebraEvent), reads: 1 },
  { name: 'Zebra, batch of 100 (JSON array)', payload: Buffer.from(`[${Array.from({ length: 100 }, () => zebraEvent).join(',')}]`), reads: 100 },
  { name: 'Impinj, one event per message (epc + epcHex)', payload: Buffer.from(impinjEvent), reads: 1 },
  { name: 'Impinj, 100 events, one per line', payload: Buffer.from(Array.from({ length: 100 }, () => IMPINJ_TAG_FACTORY_DEFAULTS).join('\n')), reads: 100 },
  {
    name: 'Simple, 100 reads in one message',
    payload: Buffer.from(JSON.stringify({ reads: epcs.map((epc, i) => ({ epc, antenna: 1 + (i % 4), rssi: -50, ts: '2026-11-24T10:00:00.123+07:00' })) })),
    reads: 100,
  },
];

for (const { name, payload, reads } of cases) {
  const check = parseReaderPayload(payload);
  const got = check.messages.reduce((n, m) => n + (m.kind === 'tag-reads' ? m.reads.length : 0), 0);
  if (got !== reads || check.rejected.length > 0) throw new Error(`${name}: ${got} reads, ${check.rejected.length} refused`);
  let messages = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 100; i++) parseReaderPayload(payload);
    messages += 100;
  }
  const seconds = (performance.now() - started) / 1000;
  const perSecond = (messages * reads) / seconds;
  console.log(`${name.padEnd(48)} ${Math.round(perSecond).toLocaleString('en').padStart(12)} reads/s  ${(1e6 / (messages / seconds)).toFixed(1).padStart(7)} µs/message  (${payload.length} bytes)`);
}
