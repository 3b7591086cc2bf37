// Stores the dashboard benchmark's month of activity through the event store, in a process of its own:
// an hour of activity at a time, each hour appended in big batches on a clock set to that hour (so the
// inline projections fill the read models with the times a live month would have left).
// Input (environment): SEED_DATABASE_URL, SEED_EVENTS (about how many), SEED_DAYS, SEED_REFS (JSON: the
// master data ids, the gates, the products). Output: one progress line a day, then a JSON summary line.
import { randomUUID } from 'node:crypto';
import type { PassDecision, PassDirection, TicketDirection, TicketSource } from '@rfid/contracts';
import { alertModel } from '@rfid/backend/modules/alerts/domain/alert';
import type { AlertEvent } from '@rfid/backend/modules/alerts/alerts.events';
import { gatePassModel } from '@rfid/backend/modules/gates/domain/gate-pass';
import type { GatePassEvent } from '@rfid/backend/modules/gates/gates.events';
import { MODULES } from '@rfid/backend/modules/modules';
import { decideTag, tagModel } from '@rfid/backend/modules/rfid/domain/rfid-tag';
import type { TagEvent } from '@rfid/backend/modules/rfid/rfid.events';
import { decideSample, sampleModel } from '@rfid/backend/modules/samples/domain/sample';
import { decideTicket, type TicketCommand } from '@rfid/backend/modules/tickets/domain/ticket-flow';
import { ticketModel, type TicketState } from '@rfid/backend/modules/tickets/domain/ticket-state';
import type { PlannedLine, TicketEvent } from '@rfid/backend/modules/tickets/tickets.events';
import type { NewEvent } from '@rfid/backend/platform/event-store/types';
import { Platform } from '@rfid/backend/platform/platform';
import { testConfig, testLogger } from '@rfid/backend/testing/test-platform';

export interface SeedRefs {
  fields: Record<string, unknown>;
  zones: string[];
  supplierId: string;
  gates: { id: string; code: string; name: string }[];
  products: { id: string; code: string; name: string }[];
}

const EVENTS = Number(process.env.SEED_EVENTS ?? 1_000_000);
const DAYS = Number(process.env.SEED_DAYS ?? 30);
const refs = JSON.parse(process.env.SEED_REFS!) as SeedRefs;
const HOUR = 3_600_000;

// An average hour at 1,000,000 events a month (about 1,390 events an hour): gate passes most of them.
const scale = EVENTS / 1_000_000;
const PER_HOUR = { passes: 1060, samples: 80, relinked: 5, tickets: 2, alertRate: 0.02, readerAlerts: 0.2 };
/** The warehouse's day (07:00 to 19:00 in Viet Nam) is three times as busy as its night. */
const weightOf = (at: number) => {
  const local = new Date(at + 7 * HOUR).getUTCHours();
  return local >= 7 && local < 19 ? 1.5 : 0.5;
};

// Small deterministic randomness, so two runs store the same month.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
/** A whole number of things to do this hour, with the fraction carried by chance. */
const howMany = (mean: number) => Math.floor(mean) + (random() < mean - Math.floor(mean) ? 1 : 0);
let epcCounter = 0;
const nextEpc = (series: string) => `${series}${(++epcCounter).toString(16).toUpperCase().padStart(24 - series.length, '0')}`;

let clockAt = 0;
const platform = await Platform.create(testConfig(process.env.SEED_DATABASE_URL!), testLogger, MODULES, { listen: false, clock: { now: () => new Date(clockAt) } });
const metadata = { actor: { kind: 'cli' as const, id: null, name: 'bench-seed' }, source: 'cli' as const };
type NewStream = { streamId: string; streamType: string; events: NewEvent[] };
const store = (streams: NewStream[]) => (streams.length ? platform.store.appendToNewStreams(streams, { metadata }) : Promise.resolve([]));

/** Samples without a tag yet, tagged samples in the sample room (with their tag), and samples out on a ticket since when. */
type Tagged = { id: string; code: string; epc: string };
const untagged: { id: string; code: string }[] = [];
const tagged: Tagged[] = [];
const out: { sample: Tagged; at: number }[] = [];
const exportTickets: { id: string; code: string }[] = [];
let sampleCount = 0;
let ticketCount = 0;
let stored = 0;

function fold(events: TicketEvent[], state: TicketState = ticketModel.initial): TicketState {
  return events.reduce((s, e) => ticketModel.evolve(s, e), state);
}

/** A ticket's stream taken to where its age says: closed once a few hours old, else somewhere on its way. */
function ticketStream(at: number, now: number): NewStream {
  const kind = random();
  const direction: TicketDirection = kind < 0.4 || kind >= 0.9 ? 'IMPORT' : 'EXPORT';
  // lent: three tagged samples go out; brought back: three that went out at least a day ago
  const lent = kind >= 0.7 && kind < 0.9 ? tagged.splice(0, 3) : [];
  const back = kind >= 0.9 ? out.filter((o) => o.at < at - 24 * HOUR).slice(0, 3) : [];
  for (const b of back) out.splice(out.indexOf(b), 1);
  const onTicket = [...lent, ...back.map((b) => b.sample)];
  // nothing to lend or bring back: a supplier's ticket instead
  const internal = onTicket.length > 0;
  const source: TicketSource = internal ? 'INTERNAL' : 'SUPPLIER';
  const ticketId = randomUUID();
  const code = `${direction === 'IMPORT' ? 'IT' : 'ET'}${String(900_000 + ++ticketCount)}`;
  let lines: PlannedLine[];
  let tags: { epc: string; key: string }[];
  if (!internal) {
    const products = [pick(refs.products), pick(refs.products)].filter((p, i, all) => all.indexOf(p) === i);
    lines = products.map((p) => ({ key: `product:${p.id}`, productId: p.id, sampleId: null, planned: 5 + Math.floor(random() * 16) }));
    tags = lines.flatMap((l) => Array.from({ length: l.planned }, () => ({ epc: nextEpc('30'), key: l.key })));
  } else {
    lines = onTicket.map((s) => ({ key: `sample:${s.id}`, productId: null, sampleId: s.id, planned: 1 }));
    tags = onTicket.map((s) => ({ epc: s.epc, key: `sample:${s.id}` }));
  }
  const cmd = (c: Omit<TicketCommand, 'ticketId'>) => ({ ...c, ticketId }) as TicketCommand;
  const events: TicketEvent[] = [];
  const run = (c: Omit<TicketCommand, 'ticketId'>) => {
    const made = decideTicket(fold(events), cmd(c));
    events.push(...made);
  };
  run({
    kind: 'create',
    code,
    direction,
    source,
    createdBy: { id: null, name: 'bench-seed' },
    fields: { warehouseId: pick(refs.zones), supplierId: internal ? null : refs.supplierId, poNumber: null, allowedGateId: pick(refs.gates).id, equipmentId: null, note: null },
    lines,
  } as Omit<TicketCommand, 'ticketId'>);
  const scan = (step: 'PREPARING' | 'DOING') => run({ kind: 'scan', step, tags: tags.map((t) => ({ epc: t.epc, identified: { key: t.key, units: 1 } })) } as Omit<TicketCommand, 'ticketId'>);
  const act = (action: string) => run({ kind: 'action', action, actorId: null, reason: null } as Omit<TicketCommand, 'ticketId'>);
  // how far it got: a ticket older than six hours is closed; a younger one stopped at a random step
  const steps = direction === 'EXPORT' ? ['prepare', 'scan-p', 'prepared', 'submit', 'approve', 'start', 'scan-d', 'close'] : ['prepare', 'scan-p', 'prepared', 'start', 'scan-d', 'close'];
  const until = now - at > 6 * HOUR ? steps.length : Math.floor(random() * steps.length);
  for (const step of steps.slice(0, until)) {
    if (step === 'scan-p') scan('PREPARING');
    else if (step === 'scan-d') scan('DOING');
    else act(step);
  }
  const closed = until === steps.length;
  // lent and closed: out; lent but not yet gone: back in the room; brought back and closed: in the room (else out on the open ticket)
  if (closed) out.push(...lent.map((sample) => ({ sample, at })));
  else tagged.push(...lent);
  if (closed) tagged.push(...back.map((b) => b.sample));
  if (direction === 'EXPORT' && closed) exportTickets.push({ id: ticketId, code });
  return { streamId: ticketModel.streamId(ticketId), streamType: ticketModel.streamType, events };
}

/** One hour of the month, stored at its end. */
async function hour(end: number, now: number): Promise<void> {
  clockAt = end;
  const w = weightOf(end);
  // new samples, most of them tagged at once; a few tags spoiled (linked, unlinked) and the sample tagged again
  const samples: NewStream[] = [];
  const made: { id: string; code: string }[] = [];
  for (let i = 0, n = howMany(PER_HOUR.samples * w * scale); i < n; i++) {
    const id = randomUUID();
    const code = `DS-${String(++sampleCount).padStart(7, '0')}`;
    samples.push({ streamId: sampleModel.streamId(id), streamType: sampleModel.streamType, events: decideSample(sampleModel.initial, { kind: 'register', sampleId: id, fields: { ...refs.fields, sampleCode: code, name: `Mẫu ${code}`, currentZoneId: pick(refs.zones) } as never }) });
    made.push({ id, code });
  }
  await store(samples);
  untagged.push(...made);
  const tags: NewStream[] = [];
  const tagStream = (epc: string, sample: { id: string; code: string }, unlinked: boolean) => {
    const events: TagEvent[] = [];
    const state = () => events.reduce((s, e) => tagModel.evolve(s, e), tagModel.initial);
    events.push(...decideTag(state(), { kind: 'register', tagCode: epc, container: null }));
    events.push(...decideTag(state(), { kind: 'link', tagCode: epc, sampleId: sample.id, sampleCode: sample.code, sampleTagCode: null }));
    if (unlinked) events.push(...decideTag(state(), { kind: 'unlink', tagCode: epc, reason: 'Thẻ hỏng' }));
    tags.push({ streamId: tagModel.streamId(epc), streamType: tagModel.streamType, events });
  };
  const spoiled = untagged.splice(0, Math.min(untagged.length, howMany(PER_HOUR.relinked * w * scale)));
  for (const s of spoiled) tagStream(nextEpc('E2'), s, true);
  for (const s of [...spoiled, ...untagged.splice(0)]) {
    const epc = nextEpc('E2');
    tagStream(epc, s, false);
    tagged.push({ ...s, epc });
  }
  await store(tags);

  // tickets: receipts and shipments of products, samples lent and brought back
  const tickets: NewStream[] = [];
  for (let i = 0, n = howMany(PER_HOUR.tickets * w * scale); i < n; i++) tickets.push(ticketStream(end, now));
  await store(tickets);

  // passes through the gates in the hour, and the alerts some raise (most of them dealt with since)
  const passes: NewStream[] = [];
  const alerts: NewStream[] = [];
  for (let i = 0, n = howMany(PER_HOUR.passes * w * scale); i < n; i++) {
    const gate = pick(refs.gates);
    const passId = randomUUID();
    const inbound = random() < 0.15;
    const alerting = !inbound && random() < PER_HOUR.alertRate;
    const sample = tagged.length ? pick(tagged) : undefined;
    const product = pick(refs.products);
    const byProduct = random() < 0.5 || !sample;
    const epc = alerting && random() < 0.5 ? nextEpc('EF') : byProduct ? nextEpc('30') : sample!.epc;
    const item = epc.startsWith('EF')
      ? { kind: 'UNKNOWN' as const, id: null, code: epc, name: null }
      : byProduct
        ? { kind: 'PRODUCT' as const, id: product.id, code: product.code, name: product.name }
        : { kind: 'SAMPLE' as const, id: sample!.id, code: sample!.code, name: `Mẫu ${sample!.code}` };
    const permit = !inbound && !alerting && exportTickets.length ? { kind: 'EXPORT_TICKET' as const, ...pick(exportTickets.slice(-50)) } : null;
    const decision: PassDecision = inbound ? 'NOT_CHECKED' : alerting || !permit ? 'ALERT' : 'ALLOWED';
    const alertId = decision === 'ALERT' ? randomUUID() : null;
    const direction: PassDirection = inbound ? 'IN' : 'OUT';
    const at = new Date(Math.min(end, now) - Math.floor(random() * HOUR)).toISOString();
    const pass: GatePassEvent = { type: 'GatePassDecided', data: { passId, gateId: gate.id, gateCode: gate.code, gateName: gate.name, antenna: 1, direction, epc, item, decision, permit, alertId, at } };
    passes.push({ streamId: gatePassModel.streamId(passId), streamType: gatePassModel.streamType, events: [pass] });
    if (alertId) {
      const events: AlertEvent[] = [{ type: 'GateAlertRaised', data: { alertId, passId, gateId: gate.id, gateCode: gate.code, gateName: gate.name, readerHostName: null, antenna: 1, epc, item } }];
      // the last hours' alerts still wait for someone
      if (now - end > 3 * HOUR || random() < 0.5) events.push({ type: 'AlertDisabled', data: { alertLogId: alertId, notificationId: null, disabledBy: 'bao.ve', disabledById: null, reason: 'Đã kiểm tra' } });
      alerts.push({ streamId: alertModel.streamId(alertId), streamType: alertModel.streamType, events });
    }
  }
  if (random() < PER_HOUR.readerAlerts * scale) {
    const alertId = randomUUID();
    const gate = pick(refs.gates);
    alerts.push({
      streamId: alertModel.streamId(alertId),
      streamType: alertModel.streamType,
      events: [
        { type: 'ReaderDisconnectedAlertRaised', data: { alertId, readerId: gate.id, readerCode: gate.code, readerName: gate.name, readerHostName: null } },
        { type: 'AlertDisabled', data: { alertLogId: alertId, notificationId: null, disabledBy: 'system', disabledById: null, reason: 'The reader connected again' } },
      ] satisfies AlertEvent[],
    });
  }
  await store(passes);
  await store(alerts);
  stored += [samples, tags, tickets, passes, alerts].flat().reduce((n, s) => n + s.events.length, 0);
}

try {
  const now = Date.now();
  const first = now - DAYS * 24 * HOUR;
  const started = performance.now();
  // hour by hour up to now: the last "hour" ends a minute ago
  for (let end = first + HOUR, day = 0; end - HOUR < now - 60_000; end += HOUR) {
    await hour(Math.min(end, now - 60_000), now);
    if (Math.floor((end - first) / (24 * HOUR)) > day) {
      day = Math.floor((end - first) / (24 * HOUR));
      console.log(`  day ${String(day).padStart(2)} of ${DAYS}: ${stored.toLocaleString('en')} events stored, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  console.log(JSON.stringify({ events: stored, samples: sampleCount, tickets: ticketCount }));
} finally {
  await platform.close();
}
