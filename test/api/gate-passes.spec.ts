import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { P, type GatePassView, type ReaderCreated, type SampleTimelineEntry, type TicketDetail } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader, gatePass } from '@rfid/simulators';
import { binary, dataRows, load } from './excel-fixtures.js';
import { registerReader } from './reader-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createCatalogues, createSample, sampleBody, type Catalogues } from './sample-fixtures.js';

/** Tag codes of this suite: `kind` 1 samples, 2 product units, 3 registered tags on nothing, F unknown. */
const tag = (kind: number, n: number) => `E2801160600002${kind.toString(16).toUpperCase()}A1B2C${n.toString(16).toUpperCase().padStart(4, '0')}`;
const SAMPLE_TAGS = Array.from({ length: 8 }, (_, i) => tag(1, i));
const UNIT_TAGS = Array.from({ length: 4 }, (_, i) => tag(2, i));
const BARE_TAG = tag(3, 0);
const unknown = (n: number) => tag(15, n);

/**
 * The gate's decision table, driven by simulated readers over the embedded broker: every rule that
 * lets an item out, each failing in turn; unknown tags under both settings; direction on a two-antenna
 * gate; Manual mode; a switched-off gate; one alert per item and gate within the window; the alarm.
 */
describe('gate passes: the decision table over MQTT', () => {
  let { t, admin, url } = {} as SuiteApp;
  let approver: string;
  let c: Catalogues;
  const sims: SimulatedReader[] = [];
  const samples: string[] = [];
  let product: string;
  let gateA: ReaderCreated; // two antennas, inner and outer, Automatic
  let gateB: ReaderCreated; // one antenna, Automatic
  let gateManual: ReaderCreated;
  let gateOff: ReaderCreated;
  const sim: Record<string, SimulatedReader> = {};

  const api = (token = admin) => t.api(token);
  const passesOf = async (epc: string, gateId?: string) => {
    let q = t.platform.db.selectFrom('gate_passes').selectAll().where('epc', '=', epc);
    if (gateId) q = q.where('gate_id', '=', gateId);
    return q.orderBy('at').execute();
  };
  const passOf = (epc: string, gate: ReaderCreated, n = 1) => waitFor(`${n} pass(es) of ${epc} at ${gate.reader.code}`, async () => ((await passesOf(epc, gate.reader.id)).length >= n ? (await passesOf(epc, gate.reader.id))[n - 1] : undefined));
  const connect = async (r: ReaderCreated) => {
    const s = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', topics: r.reader.topics, heartbeatSeconds: 0 });
    sims.push(s);
    return s;
  };
  /** An export ticket of samples naming a gate, taken to `until`. */
  const exportTicket = async (sampleIds: string[], gateId: string, until: 'AWAITING_APPROVAL' | 'APPROVED' | 'EXPORTING') => {
    const ticket = (await api().post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[0], sampleIds, allowedGateId: gateId }).expect(201)).body as TicketDetail;
    for (const action of ['prepare', 'prepared', 'submit']) await api().post(`/api/export-tickets/${ticket.id}/${action}`).expect(200);
    if (until !== 'AWAITING_APPROVAL') await api(approver).post(`/api/export-tickets/${ticket.id}/approve`).expect(200);
    if (until === 'EXPORTING') await api().post(`/api/export-tickets/${ticket.id}/start`).expect(200);
    return ticket;
  };

  suiteApp({ broker: true, readers: sims }, (app) => ({ t, admin, url } = app));
  before(async () => {
    // a pass ends 2 s after its last sighting (gatePass reports for 1.5 s, longer on a busy machine)
    await api().put('/api/system-settings').send({ gatePassGapSeconds: 2, readDedupeWindowMs: 2000, gateAlertWindowSeconds: 600 }).expect(200);
    c = await createCatalogues(t, admin);
    const group = (await api().post('/api/user-groups').send({ name: 'Duyệt', permissions: [P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_APPROVE, P.SECURITY_GATE_TICKET_LIST, P.SECURITY_GATE_TICKET_APPROVE] }).expect(201)).body.id as string;
    await api().post('/api/users').send({ username: 'gate.approver', password: 'secret1', fullName: 'Approver', groupId: group }).expect(201);
    approver = await t.login('gate.approver', 'secret1');

    await api().post('/api/rfid-tags').send({ codes: [...SAMPLE_TAGS, ...UNIT_TAGS, BARE_TAG] }).expect(201);
    for (const [i, code] of SAMPLE_TAGS.entries()) {
      const s = await createSample(t, admin, sampleBody(c, { sampleCode: `GATE-${i}` }));
      samples.push(s.id);
      await api().post('/api/rfid-tags/link').send({ tagCode: code, sampleId: s.id }).expect(200);
    }
    product = (await api().post('/api/products').send({ name: 'Giày chạy', unit: 'pcs', quantityPerBox: 1, supplierId: c.active.customers[0], gtin: null }).expect(201)).body.id;
    for (const code of UNIT_TAGS) await api().post('/api/rfid-tags/link-product').send({ tagCode: code, productId: product }).expect(200);

    const sides = [{ port: 1, power: 27, role: 'INNER' }, { port: 2, power: 27, role: 'OUTER' }];
    gateA = await registerReader(t, admin, { code: 'GATE-A', name: 'Cổng chính', host: '10.0.0.21', antennas: sides, operatingMode: 'AUTOMATIC' });
    gateB = await registerReader(t, admin, { code: 'GATE-B', name: 'Cổng phụ', antennas: [{ port: 1, power: 27 }], operatingMode: 'AUTOMATIC' });
    gateManual = await registerReader(t, admin, { code: 'GATE-M', name: 'Cổng tay', antennas: sides, operatingMode: 'MANUAL' });
    gateOff = await registerReader(t, admin, { code: 'GATE-OFF', name: 'Cổng tắt', antennas: sides, operatingMode: 'AUTOMATIC', switch: 'OFF' });
    for (const g of [gateA, gateB, gateManual, gateOff]) sim[g.reader.code] = await connect(g);
  });

  it('an approved or exporting export ticket naming the gate lets its samples out; at another gate, unapproved, or not on it: an alert', async () => {
    await exportTicket([samples[0]!], gateA.reader.id, 'APPROVED');
    const exporting = await exportTicket([samples[1]!], gateA.reader.id, 'EXPORTING');
    await exportTicket([samples[2]!], gateA.reader.id, 'AWAITING_APPROVAL');
    await exportTicket([samples[3]!], gateB.reader.id, 'APPROVED');
    await gatePass(sim['GATE-A']!, SAMPLE_TAGS.slice(0, 4));

    const approved = await passOf(SAMPLE_TAGS[0]!, gateA);
    assert.deepEqual([approved.direction, approved.decision, approved.permit_kind, approved.item_kind, approved.item_code], ['OUT', 'ALLOWED', 'EXPORT_TICKET', 'SAMPLE', 'GATE-0']);
    const onExporting = await passOf(SAMPLE_TAGS[1]!, gateA);
    assert.deepEqual([onExporting.decision, onExporting.permit_code], ['ALLOWED', exporting.code]);
    for (const [epc, why] of [[SAMPLE_TAGS[2]!, 'ticket not approved'], [SAMPLE_TAGS[3]!, 'ticket names another gate']] as const) {
      const p = await passOf(epc, gateA);
      assert.equal(p.decision, 'ALERT', why);
      assert.ok(p.alert_id, why);
      const alert = await t.platform.db.selectFrom('alerts').selectAll().where('id', '=', p.alert_id!).executeTakeFirstOrThrow();
      assert.deepEqual([alert.kind, alert.gate_code, alert.gate_name, alert.reader_host_name, alert.epc, alert.item_kind, alert.antenna, alert.alarm_on], ['GATE', 'GATE-A', 'Cổng chính', '10.0.0.21', epc, 'SAMPLE', 1, true]);
    }
    // the alarm: the gate's output switched on
    await waitFor('the alarm switched on at gate A', () => sim['GATE-A']!.outputs.get(1) === true);
  });

  it('a permit lets an item out once per trip: out again without coming in is an alert; after an inward pass it lets it out again', async () => {
    // sample 0 went out on its approved ticket at gate A (the first test); each pass below starts past the
    // pass gap and the duplicate-read window (2 s each) from the last read of the one before
    const epc = SAMPLE_TAGS[0]!;
    let lastRead = Date.now();
    const passAgain = async (direction: 'out' | 'in', n: number) => {
      await waitFor('the pass before ended', () => Date.now() - lastRead > 2_500);
      await gatePass(sim['GATE-A']!, [epc], direction);
      lastRead = Date.now();
      return passOf(epc, gateA, n);
    };
    await passOf(epc, gateA, 1);
    const twice = await passAgain('out', 2);
    assert.deepEqual([twice.direction, twice.decision, twice.permit_id], ['OUT', 'ALERT', null], 'the ticket was used by the first exit');
    const back = await passAgain('in', 3);
    assert.deepEqual([back.direction, back.decision], ['IN', 'NOT_CHECKED']);
    const again = await passAgain('out', 4);
    assert.deepEqual([again.direction, again.decision, again.permit_kind], ['OUT', 'ALLOWED', 'EXPORT_TICKET'], 'having come back, it may leave on the ticket again');
    // the sample's history names each pass, which way and what the gate decided
    const history = (await api().get(`/api/samples/${samples[0]}/history`).expect(200)).body as SampleTimelineEntry[];
    const passes = history.flatMap((e) => (e.action === 'GatePassDecided' ? [[e.gateCode, e.passDirection, e.decision]] : []));
    assert.deepEqual(passes, [['GATE-A', 'OUT', 'ALLOWED'], ['GATE-A', 'IN', 'NOT_CHECKED'], ['GATE-A', 'OUT', 'ALERT'], ['GATE-A', 'OUT', 'ALLOWED']]);
  });

  it("a product's units pass on an export ticket while its quantity lasts; a receiving import ticket lets its items through", async () => {
    // two units received first: an export is approved only against the stock available
    const stocked = (await api().post('/api/import-tickets').send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], lines: [{ productId: product, planned: 2 }] }).expect(201)).body as TicketDetail;
    for (const step of ['prepare', 'prepared', 'start', 'scans', 'close']) await api().post(`/api/import-tickets/${stocked.id}/${step}`).send(step === 'scans' ? { epcs: UNIT_TAGS.slice(0, 2) } : {}).expect(200);
    const ticket = (await api().post('/api/export-tickets').send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], lines: [{ productId: product, planned: 2 }], allowedGateId: gateB.reader.id }).expect(201)).body as TicketDetail;
    for (const action of ['prepare', 'prepared', 'submit']) await api().post(`/api/export-tickets/${ticket.id}/${action}`).expect(200);
    await api(approver).post(`/api/export-tickets/${ticket.id}/approve`).expect(200);
    await gatePass(sim['GATE-B']!, UNIT_TAGS.slice(0, 3));
    const decided = await Promise.all(UNIT_TAGS.slice(0, 3).map((epc) => passOf(epc, gateB)));
    assert.deepEqual(decided.map((p) => p.direction), ['OUT', 'OUT', 'OUT'], 'a one-antenna gate sees every pass as outbound');
    assert.deepEqual(decided.map((p) => p.decision).sort(), ['ALERT', 'ALLOWED', 'ALLOWED'], 'two units planned: the third is over');
    assert.ok(decided.filter((p) => p.decision === 'ALLOWED').every((p) => p.permit_id === ticket.id && p.item_id === product));

    const receiving = (await api().post('/api/import-tickets').send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], lines: [{ productId: product, planned: 5 }], allowedGateId: gateA.reader.id }).expect(201)).body as TicketDetail;
    for (const action of ['prepare', 'prepared', 'start']) await api().post(`/api/import-tickets/${receiving.id}/${action}`).expect(200);
    await gatePass(sim['GATE-A']!, [UNIT_TAGS[3]!]);
    const received = await passOf(UNIT_TAGS[3]!, gateA);
    assert.deepEqual([received.decision, received.permit_kind, received.permit_id], ['ALLOWED', 'IMPORT_TICKET', receiving.id]);
  });

  it('an approved gate ticket lets its items pass its gates within its window; expired, not approved, or at another gate it does not', async () => {
    const now = Date.now();
    const permit = (items: object[], gateIds: string[], from: number, to: number) =>
      api().post('/api/gate-tickets').send({ reason: 'Mang mẫu đi triển lãm', gateIds, validFrom: new Date(from).toISOString(), validTo: new Date(to).toISOString(), items });
    const approve = async (id: string) => api(approver).post(`/api/gate-tickets/${id}/approve`).expect(200);
    const current = (await permit([{ kind: 'SAMPLE', sampleId: samples[4] }, { kind: 'TAG', tagCode: BARE_TAG }], [gateA.reader.id], now - 60_000, now + 3_600_000).expect(201)).body;
    const expired = (await permit([{ kind: 'SAMPLE', sampleId: samples[5] }], [gateA.reader.id], now - 7_200_000, now - 3_600_000).expect(201)).body;
    await permit([{ kind: 'SAMPLE', sampleId: samples[6] }], [gateA.reader.id], now - 60_000, now + 3_600_000).expect(201); // never approved
    const elsewhere = (await permit([{ kind: 'SAMPLE', sampleId: samples[7] }], [gateB.reader.id], now - 60_000, now + 3_600_000).expect(201)).body;
    for (const g of [current, expired, elsewhere]) await approve(g.id);

    await gatePass(sim['GATE-A']!, [SAMPLE_TAGS[4]!, BARE_TAG, SAMPLE_TAGS[5]!, SAMPLE_TAGS[6]!, SAMPLE_TAGS[7]!]);
    const allowed = await passOf(SAMPLE_TAGS[4]!, gateA);
    assert.deepEqual([allowed.decision, allowed.permit_kind, allowed.permit_code], ['ALLOWED', 'GATE_TICKET', current.code]);
    const bare = await passOf(BARE_TAG, gateA);
    assert.deepEqual([bare.item_kind, bare.decision, bare.permit_id], ['TAG', 'ALLOWED', current.id], 'a gate ticket may list a tag itself');
    for (const epc of SAMPLE_TAGS.slice(5, 8)) assert.equal((await passOf(epc, gateA)).decision, 'ALERT', epc);
  });

  it('unknown tags alert by default and are ignored when the setting says so; inbound passes are not checked; Manual gates only record; a switched-off gate decides nothing', async () => {
    await gatePass(sim['GATE-A']!, [unknown(1)]);
    const alerting = await passOf(unknown(1), gateA);
    assert.deepEqual([alerting.item_kind, alerting.decision], ['UNKNOWN', 'ALERT']);

    await api().put('/api/system-settings').send({ gateUnknownTagAlert: 0 }).expect(200);
    await gatePass(sim['GATE-A']!, [unknown(2)]);
    assert.equal((await passOf(unknown(2), gateA)).decision, 'IGNORED');
    await api().put('/api/system-settings').send({ gateUnknownTagAlert: 1 }).expect(200);

    await gatePass(sim['GATE-A']!, [unknown(3)], 'in');
    const inbound = await passOf(unknown(3), gateA);
    assert.deepEqual([inbound.direction, inbound.decision, inbound.alert_id], ['IN', 'NOT_CHECKED', null]);

    // a switched-off gate first: once the Manual gate's pass (sent after it) is decided, the other's reads were taken in too
    await gatePass(sim['GATE-OFF']!, [unknown(4)]);
    await gatePass(sim['GATE-M']!, [unknown(5)]);
    const manual = await passOf(unknown(5), gateManual);
    assert.deepEqual([manual.direction, manual.decision, manual.alert_id], ['OUT', 'RECORDED', null]);
    assert.deepEqual(await passesOf(unknown(4)), [], 'a gate switched off records nothing');
  });

  it('a tag that stays in the field longer than the pass gap is one pass, though the duplicate-read window is as long as the gap', async () => {
    const epc = unknown(20);
    // read every 100 ms for 4.5 s, more than twice the gap (2 s); the duplicate-read window is 2 s too
    for (let i = 0; i < 45; i++) {
      await sim['GATE-B']!.read([{ epc, antenna: 1, rssi: -50, count: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // a tag read after it: once its pass is decided, every read before it has been taken in
    const marker = unknown(21);
    await sim['GATE-B']!.read([{ epc: marker, antenna: 1, rssi: -50, count: 1 }]);
    await passOf(marker, gateB);
    assert.equal((await passesOf(epc, gateB.reader.id)).length, 1);
  });

  it('one alert per item and gate within the window, however many passes; the history lists, filters and exports them; a rebuild gives the same rows', async () => {
    const epc = unknown(6);
    await gatePass(sim['GATE-B']!, [epc]);
    const lastRead = Date.now();
    const first = await passOf(epc, gateB);
    // a second pass of the same tag: its first read comes past the pass gap (2 s) and the duplicate-read
    // window (2 s) from the first pass's last read, however long the first pass took to send
    await waitFor('the first pass ended', () => Date.now() - lastRead > 2_500);
    await gatePass(sim['GATE-B']!, [epc]);
    const second = await passOf(epc, gateB, 2);
    assert.deepEqual([first.decision, second.decision], ['ALERT', 'ALERT']);
    assert.equal(second.alert_id, first.alert_id, 'the second pass names the alert of the first');
    assert.equal((await t.platform.db.selectFrom('alerts').select('id').where('epc', '=', epc).execute()).length, 1);

    const list = (await api().get('/api/gate-passes').query({ gateId: gateB.reader.id, decision: 'ALERT', size: 50 }).expect(200)).body as { data: GatePassView[]; total: number };
    assert.ok(list.data.every((p) => p.gateId === gateB.reader.id && p.decision === 'ALERT'));
    assert.ok(list.data.some((p) => p.epc === epc && p.alertId === first.alert_id));
    const bySample = (await api().get('/api/gate-passes').query({ q: 'gate-0' }).expect(200)).body as { data: GatePassView[] };
    assert.deepEqual(bySample.data.map((p) => p.item.code), ['GATE-0', 'GATE-0', 'GATE-0', 'GATE-0'], "searched by the item code, any case: sample GATE-0's four passes");
    const sheet = await load((await api().get('/api/gate-passes/export').query({ gateId: gateB.reader.id }).set('accept-language', 'en').buffer(true).parse(binary).expect(200)).body as Buffer);
    const rows = dataRows(sheet, 10);
    assert.equal(rows.length, (await api().get('/api/gate-passes').query({ gateId: gateB.reader.id }).expect(200)).body.total);

    const before = await t.platform.db.selectFrom('gate_passes').selectAll().orderBy('id').execute();
    const alertsBefore = await t.platform.db.selectFrom('alerts').selectAll().orderBy('id').execute();
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['gate-passes', 'alerts']);
    assert.deepEqual(await t.platform.db.selectFrom('gate_passes').selectAll().orderBy('id').execute(), before);
    assert.deepEqual(await t.platform.db.selectFrom('alerts').selectAll().orderBy('id').execute(), alertsBefore);
  });

  it('the gate history needs its permission', async () => {
    const group = (await api().post('/api/user-groups').send({ name: 'Không cổng', permissions: [P.DASHBOARD] }).expect(201)).body.id as string;
    await api().post('/api/users').send({ username: 'no.gate', password: 'secret1', fullName: 'No gate', groupId: group }).expect(201);
    const token = await t.login('no.gate', 'secret1');
    assert.equal((await api(token).get('/api/gate-passes')).status, 403);
    assert.equal((await api(token).get('/api/gate-passes/export')).status, 403);
  });
});
