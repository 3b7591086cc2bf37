// npm run bench:tickets — a supplier receipt of 10,000 product tags (SGTIN-96 of one GTIN) scanned
// through a gate at 2,000 reads/s, each tag read three times on the gate's two antennas: the time
// from the last read published to the ticket's API answering the exact actual quantity; then the
// inventory "as of" a moment, over 1,000 closed tickets: p50/p95 latency, with the server's RSS.
// Targets (2-core machine): <= 1 s and p95 <= 200 ms.
import { createTestApp } from '@rfid/backend/testing/test-app';
import { SimulatedReader, sgtin96Epc, withCheckDigit } from '@rfid/simulators';
import type { TicketDetail } from '@rfid/contracts';
import { freePort } from '../api/reader-fixtures.js';

const TAGS = Number(process.env.BENCH_TICKET_TAGS ?? 10_000);
const RATE = Number(process.env.BENCH_READ_RATE ?? 2_000);
const REPEATS = 3;
const CLOSED_TICKETS = Number(process.env.BENCH_CLOSED_TICKETS ?? 1_000);
const AS_OF_QUERIES = Number(process.env.BENCH_AS_OF_QUERIES ?? 200);
const GTIN = withCheckDigit('0893456700099');
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const verdict = (ok: boolean, target: string) => `target ${target}: ${ok ? 'met' : 'MISSED'}`;

console.log(`tickets benchmark — node ${process.version}: ${TAGS.toLocaleString('en')} tags at ${RATE.toLocaleString('en')} reads/s (x${REPEATS}), inventory as of over ${CLOSED_TICKETS.toLocaleString('en')} closed tickets\n`);
const port = await freePort();
const t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, logLevel: process.env.LOG_LEVEL ?? 'warn' });
const admin = await t.adminToken();
const api = () => t.api(admin);
const ok = async <T>(what: string, req: PromiseLike<{ status: number; body: unknown }>): Promise<T> => {
  const res = await req;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
};
const zone = (await ok<{ id: string }>('a zone', api().post('/api/master-data/zones').send({ code: 'ZKHO1', name: 'Kho 1' }))).id;
const supplier = (await ok<{ id: string }>('a supplier', api().post('/api/master-data/customers').send({ code: 'NCC-1', name: 'Nhà cung cấp 1' }))).id;
const product = (await ok<{ id: string }>('a product', api().post('/api/products').send({ code: 'BENCH-1', name: 'Áo bench', unit: 'cái', quantityPerBox: 1, supplierId: supplier, gtin: GTIN }))).id;
const created = await ok<{ reader: { id: string }; credentials: { username: string; password: string } }>(
  'a gate',
  api().post('/api/readers').send({ code: 'GATE-BENCH', name: 'Gate', kind: 'GATE', format: 'SIMPLE', zoneId: zone, antennas: [{ port: 1, power: 27 }, { port: 2, power: 27 }] }),
);
const gate = await SimulatedReader.connect({ url: `mqtt://127.0.0.1:${port}`, code: created.credentials.username, password: created.credentials.password, format: 'SIMPLE', heartbeatSeconds: 0 });

/** A supplier receipt of `planned` units of the product, started (RECEIVING). */
async function receiving(planned: number): Promise<string> {
  const ticket = await ok<TicketDetail>('a ticket', api().post('/api/import-tickets').send({ source: 'SUPPLIER', warehouseId: zone, supplierId: supplier, allowedGateId: created.reader.id, lines: [{ productId: product, planned }] }));
  for (const action of ['prepare', 'prepared', 'start']) await ok(action, api().post(`/api/import-tickets/${ticket.id}/${action}`).send({}));
  return ticket.id;
}

// 1. The receipt through the gate.
const ticketId = await receiving(TAGS);
await ok('scanning', api().post(`/api/import-tickets/${ticketId}/scanning/start`).send({}));
const epcs = Array.from({ length: TAGS }, (_, i) => sgtin96Epc(GTIN, i + 1));
const CHUNK = 100; // the tags in front of the gate at once
const started = performance.now();
let published = 0;
for (let i = 0; i < epcs.length; i += CHUNK) {
  const chunk = epcs.slice(i, i + CHUNK);
  for (let r = 0; r < REPEATS; r++) {
    const reads = chunk.map((epc) => ({ epc, antenna: 1 + ((r + published) % 2), rssi: -55, count: 1 }));
    for (let m = 0; m < reads.length; m += 50) await gate.read(reads.slice(m, m + 50), 0);
    published += reads.length;
    // paced to the rate
    const due = (published / RATE) * 1000 - (performance.now() - started);
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  }
}
const lastRead = performance.now();
let polls = 0;
for (;;) {
  polls++;
  const d = await ok<TicketDetail>('the ticket', api().get(`/api/import-tickets/${ticketId}`));
  if (d.totals.actual === TAGS) break;
  if (performance.now() - lastRead > 60_000) throw new Error(`after 60 s the ticket counts ${d.totals.actual} of ${TAGS}`);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const settle = performance.now() - lastRead;
const scanSeconds = (lastRead - started) / 1000;
await ok('stop', api().post(`/api/import-tickets/${ticketId}/scanning/stop`).send({}));
await ok('close', api().post(`/api/import-tickets/${ticketId}/close`).send({}));

// 2. 1,000 closed tickets (pasted tags, the same rules as reads), then the inventory as of moments among them.
const moments: string[] = [];
const fillStarted = performance.now();
for (let i = 0; i < CLOSED_TICKETS; i++) {
  const id = await receiving(2);
  await ok('scans', api().post(`/api/import-tickets/${id}/scans`).send({ epcs: [sgtin96Epc(GTIN, TAGS + 2 * i + 1), sgtin96Epc(GTIN, TAGS + 2 * i + 2)] }));
  await ok('close', api().post(`/api/import-tickets/${id}/close`).send({}));
  if (i % 10 === 0) moments.push(new Date().toISOString());
}
const fillSeconds = (performance.now() - fillStarted) / 1000;
const latencies: number[] = [];
let checked = 0;
for (let i = 0; i < AS_OF_QUERIES; i++) {
  const asOf = moments[i % moments.length]!;
  const q0 = performance.now();
  const rows = await ok<{ data: { onHand: number }[] }>('inventory', api().get(`/api/inventory?asOf=${encodeURIComponent(asOf)}`));
  latencies.push(performance.now() - q0);
  if (rows.data[0]!.onHand >= TAGS) checked++;
}
const rss = process.memoryUsage.rss() / MB;
await gate.leave('goodbye');
await t.close();

console.log(`scanned ${TAGS.toLocaleString('en')} tags, ${published.toLocaleString('en')} reads in ${scanSeconds.toFixed(1)} s (${Math.round(published / scanSeconds).toLocaleString('en')} reads/s)`);
console.log(`last read to the exact actual quantity on the API   ${settle.toFixed(0).padStart(6)} ms (${polls} polls)   ${verdict(settle <= 1000, '<= 1,000 ms')}`);
console.log(`${CLOSED_TICKETS.toLocaleString('en')} closed tickets made in ${fillSeconds.toFixed(1)} s; inventory as of (${AS_OF_QUERIES} queries, ${checked} with the receipt in stock)`);
console.log(`  p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms   ${verdict(percentile(latencies, 95) <= 200, 'p95 <= 200 ms')}`);
console.log(`process RSS at the end ${rss.toFixed(0)} MB`);
process.exit(0);
