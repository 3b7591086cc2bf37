import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { REALTIME_EVENTS, type ReaderView, type SampleDetail, type SampleTimelineEntry, type StocktakeDetail, type StocktakeLineResponse, type StocktakeProgressPush, type TicketDetail } from '@rfid/contracts';
import { decideTag, tagModel } from '@rfid/backend/modules/rfid/domain/rfid-tag';
import type { TagEvent } from '@rfid/backend/modules/rfid/rfid.events';
import { decideSample, sampleModel } from '@rfid/backend/modules/samples/domain/sample';
import type { SampleFields } from '@rfid/backend/modules/samples/samples.events';
import { samplePlaces, stockInZones } from '@rfid/backend/modules/tickets/tickets.public';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { ObservationBus } from '@rfid/backend/modules/readers/readers.public';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { sql } from 'kysely';
import { binary, XLSX } from './excel-fixtures.js';
import { registerReader } from './reader-fixtures.js';
import { sampleBody } from './sample-fixtures.js';
import { connected } from './socket-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';

const epcOf = (series: number, i: number) => `E2801160600002${String(series).padStart(2, '0')}${i.toString(16).toUpperCase().padStart(8, '0')}`;
const ZONE_A_COUNT = 2000;
const PRESENT = 1990;
const UNKNOWN = [1, 2, 3].map((i) => epcOf(99, i));
const PRODUCT_TAGS = [1, 2, 3].map((i) => epcOf(50, i));

/**
 * Stocktaking: every transition and refusal with its code; a zone of 2,000 samples counted over a real
 * broker by two handhelds (each tag once), exact found, missing and abnormal lines, ignore, close with
 * every correction (the samples' zones, the stock, the missing marked), the abnormal alert once; a
 * rebuild giving the same rows.
 */
describe('stocktakes: expected against found, counted by handhelds over MQTT, closed with corrections', () => {
  let { t, admin, c, url: mqttUrl, sockets } = {} as SuiteApp;
  let zoneA: string;
  let zoneB: string;
  const zoneASamples: { id: string; epc: string }[] = [];
  const zoneBSamples: { id: string; epc: string }[] = [];
  let productId: string;
  const readers: SimulatedReader[] = [];

  const api = () => t.api(admin);
  const detail = async (id: string) => (await api().get(`/api/stocktakes/${id}`).expect(200)).body as StocktakeDetail;
  const act = (id: string, action: string, body: object = {}) => api().post(`/api/stocktakes/${id}/${action}`).send(body);
  const refused = async (res: Promise<{ body: { code?: string }; status: number }> | { body: { code?: string }; status: number }, code: string, what: string) => {
    const r = await res;
    assert.equal(r.body.code, code, `${what}: ${r.status} ${JSON.stringify(r.body)}`);
  };
  const lines = async (id: string, query: string) => (await api().get(`/api/stocktakes/${id}/lines?size=50&${query}`).expect(200)).body as StocktakeLineResponse;

  /** Samples with linked tags, stored through the event store in bulk (as the bench seeds do). */
  async function seedSamples(zoneId: string, series: number, count: number, into: { id: string; epc: string }[]): Promise<void> {
    const made = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), epc: epcOf(series, i + 1), code: `ST-${series}-${String(i).padStart(5, '0')}` }));
    const base = sampleBody(c) as unknown as SampleFields;
    await t.platform.commands.create(
      sampleModel,
      made.map((s) => ({ id: s.id, decide: (initial) => decideSample(initial, { kind: 'register', sampleId: s.id, fields: { ...base, sampleCode: s.code, name: `Mẫu ${s.code}`, currentZoneId: zoneId } }) })),
    );
    await t.platform.commands.create(
      tagModel,
      made.map((s) => ({
        id: s.epc,
        decide: (initial) => {
          const registered = decideTag(initial, { kind: 'register', tagCode: s.epc, container: null });
          const state = registered.reduce<typeof initial>((st, e) => tagModel.evolve(st, e as TagEvent), initial);
          return [...registered, ...decideTag(state, { kind: 'link', tagCode: s.epc, sampleId: s.id, sampleCode: s.code, sampleTagCode: null })];
        },
      })),
    );
    into.push(...made.map((s) => ({ id: s.id, epc: s.epc })));
  }

  suiteApp({ broker: true, catalogues: true, sockets: true, readers }, (app) => ({ t, admin, c, url: mqttUrl, sockets } = app));
  before(async () => {
    [zoneA, zoneB] = c.active.zones;
    await seedSamples(zoneA, 1, ZONE_A_COUNT, zoneASamples);
    await seedSamples(zoneB, 2, 5, zoneBSamples);

    // a product with 3 units in zone A, received on an import ticket
    const product = await api().post('/api/products').send({ code: 'QUAN-JEAN', name: 'Quần jean', unit: 'cái', quantityPerBox: 1, supplierId: c.active.customers[0] });
    assert.equal(product.status, 201, JSON.stringify(product.body));
    productId = product.body.id;
    await api().post('/api/rfid-tags').send({ codes: PRODUCT_TAGS }).expect(201);
    for (const tag of PRODUCT_TAGS) await api().post('/api/rfid-tags/link-product').send({ tagCode: tag, productId }).expect(200);
    const receipt = await api()
      .post('/api/import-tickets')
      .send({ source: 'SUPPLIER', warehouseId: zoneA, supplierId: c.active.customers[0], lines: [{ productId, planned: 3 }] });
    assert.equal(receipt.status, 201, JSON.stringify(receipt.body));
    const ticket = receipt.body as TicketDetail;
    for (const step of ['prepare', 'scans', 'prepared', 'start', 'scans', 'close']) {
      const res = await api().post(`/api/import-tickets/${ticket.id}/${step}`).send(step === 'scans' ? { epcs: PRODUCT_TAGS } : {});
      assert.equal(res.status, 200, `${step}: ${JSON.stringify(res.body)}`);
    }
    assert.deepEqual(await stockInZones(t.platform.db, [zoneA]), [{ productId, zoneId: zoneA, quantity: 3 }]);
  });

  it('every transition and refusal with its code; NO_DATA for an empty zone; editing in progress or closed refused; uploads; reset discards scans', async () => {
    await refused(api().post('/api/stocktakes').send({ name: 'Kho trống', zoneIds: [c.inactive.zones] }), 'NO_DATA', 'an empty zone');
    await refused(api().post('/api/stocktakes').send({ name: 'Sai khu', zoneIds: [c.active.seasons[0]] }), 'ZONE_NOT_FOUND', 'not a zone');
    await refused(api().post('/api/stocktakes').send({ name: 'Không ai', zoneIds: [zoneB], userIds: [randomUUID()] }), 'ACCOUNT_NOT_FOUND', 'a user who does not exist');
    await refused(api().get(`/api/stocktakes/${randomUUID()}`), 'INVENTORY_NOT_FOUND', 'detail');
    await refused(act(randomUUID(), 'start'), 'INVENTORY_NOT_FOUND', 'start');

    const created = await api().post('/api/stocktakes').send({ name: 'Kiểm kho B', note: 'quý 1', zoneIds: [zoneB] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const st = created.body as StocktakeDetail;
    assert.match(st.code, /^ST\d{6}$/);
    assert.deepEqual([st.status, st.totals, st.allowedActions], ['CREATE', { expected: 5, found: 0, missing: 5, abnormal: 0, ignored: 0, scanned: 0 }, ['UPDATE', 'START', 'IGNORE']]);
    assert.deepEqual(st.zones.map((z) => z.name), ['Kho B']);
    assert.equal(st.createdBy.name, 'admin');

    for (const action of ['reset', 'close']) await refused(act(st.id, action), 'STOCKTAKE_ACTION_NOT_ALLOWED', action);
    await refused(act(st.id, 'scans', { epcs: [zoneBSamples[0]!.epc] }), 'STOCKTAKE_NOT_COUNTING', 'scans before start');
    const updated = (await api().put(`/api/stocktakes/${st.id}`).send({ name: 'Kiểm kho B (2)', note: null, version: st.version }).expect(200)).body as StocktakeDetail;
    assert.equal(updated.name, 'Kiểm kho B (2)');
    await refused(api().put(`/api/stocktakes/${st.id}`).send({ name: 'cũ', version: st.version }), 'CONCURRENCY_CONFLICT', 'a stale version');

    let d = (await act(st.id, 'start').expect(200)).body as StocktakeDetail;
    assert.deepEqual([d.status, d.allowedActions, typeof d.startedAt], ['INVENTORIZING', ['RESET', 'CLOSE', 'SCAN', 'IGNORE'], 'string']);
    await refused(act(st.id, 'start'), 'STOCKTAKE_ACTION_NOT_ALLOWED', 'start twice');
    await refused(api().put(`/api/stocktakes/${st.id}`).send({ name: 'x', version: d.version }), 'STOCKTAKE_IN_PROGRESS', 'edit in progress');
    await refused(act(st.id, 'scans', { epcs: [zoneBSamples[0]!.epc], zoneId: zoneA }), 'ZONE_MISMATCH', 'a zone not the stocktake’s');

    const socket = sockets.connect({ token: admin });
    await connected(socket);
    const pushes: StocktakeProgressPush[] = [];
    socket.on(REALTIME_EVENTS.STOCKTAKE_PROGRESS, (p: StocktakeProgressPush) => pushes.push(p));
    const scans = await act(st.id, 'scans', { epcs: [zoneBSamples[0]!.epc, zoneBSamples[1]!.epc.toLowerCase(), zoneBSamples[0]!.epc, UNKNOWN[0], 'XYZ'] });
    assert.deepEqual(scans.body, { counted: 3, repeated: 1, invalid: ['XYZ'] });
    const counted = await detail(st.id);
    assert.deepEqual(counted.totals, { expected: 5, found: 2, missing: 3, abnormal: 1, ignored: 0, scanned: 3 });
    // counts are events of streams of their own: the stocktake's position moves with them, its version
    // (what an edit is checked against) does not; the push carries the position of the reading it is
    assert.ok(counted.position > d.position, `position ${d.position} → ${counted.position}`);
    assert.equal(counted.version, d.version);
    const pushed = await waitFor('the push of the counts', () => pushes.find((p) => p.stocktakeId === st.id && p.position === counted.position));
    assert.deepEqual([pushed.status, pushed.totals], [counted.status, counted.totals]);
    assert.deepEqual((await act(st.id, 'scans', { epcs: [zoneBSamples[0]!.epc] })).body, { counted: 0, repeated: 1, invalid: [] });

    d = (await act(st.id, 'reset').expect(200)).body as StocktakeDetail;
    assert.deepEqual([d.status, d.totals], ['CREATE', { expected: 5, found: 0, missing: 5, abnormal: 0, ignored: 0, scanned: 0 }]);
    assert.deepEqual([d.version, d.position > counted.position], [counted.version + 1, true]);
    assert.equal((await lines(st.id, 'result=ABNORMAL')).total, 0);
    assert.equal((await lines(st.id, 'found=FOUND')).total, 0);

    await act(st.id, 'start').expect(200);
    assert.deepEqual((await act(st.id, 'scans', { epcs: zoneBSamples.map((s) => s.epc) })).body, { counted: 5, repeated: 0, invalid: [] }, 'scans discarded by the reset count again');
    d = (await act(st.id, 'close', {}).expect(200)).body as StocktakeDetail;
    assert.deepEqual([d.status, d.allowedActions, d.corrections], ['CLOSED', [], { moved: 0, markedMissing: 0, stockAdjusted: 0 }]);
    await refused(api().put(`/api/stocktakes/${st.id}`).send({ name: 'x', version: d.version }), 'CANNOT_UPDATE_COMPLETED_INVENTORY', 'edit closed');
    for (const action of ['start', 'reset', 'close']) await refused(act(st.id, action), 'STOCKTAKE_ACTION_NOT_ALLOWED', `${action} closed`);
    await refused(act(st.id, 'scans', { epcs: [UNKNOWN[1]] }), 'STOCKTAKE_NOT_COUNTING', 'scans closed');
    const line = (await lines(st.id, '')).data[0]!;
    await refused(act(st.id, `lines/${line.id}/ignore`, { note: 'x' }), 'STOCKTAKE_ACTION_NOT_ALLOWED', 'ignore closed');

    const list = (await api().get('/api/stocktakes?q=kiem kho b&status=CLOSED').expect(200)).body;
    assert.deepEqual(list.data.map((r: { id: string }) => r.id), [st.id], 'found without accents');
    assert.equal((await api().get(`/api/stocktakes?zoneId=${zoneA}`).expect(200)).body.total, 0);
  });

  it('over MQTT: 2,000 expected, 1,990 present, 5 from another zone, 3 unknown, read many times by two handhelds: exact lines; ignore; close with corrections; the alert once', async () => {
    const hh1 = await registerReader(t, admin, { code: 'HH-KK-1', kind: 'HANDHELD', format: 'SIMPLE', zoneId: zoneA, operatingMode: 'MANUAL' });
    const hh2 = await registerReader(t, admin, { code: 'HH-KK-2', kind: 'HANDHELD', format: 'SIMPLE', zoneId: zoneA, operatingMode: 'MANUAL' });
    const sims = await Promise.all(
      [hh1, hh2].map((r) => SimulatedReader.connect({ url: mqttUrl, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', heartbeatSeconds: 0 })),
    );
    readers.push(...sims);
    const [sim1, sim2] = sims as [SimulatedReader, SimulatedReader];

    const st = (await api().post('/api/stocktakes').send({ name: 'Kiểm kho A', zoneIds: [zoneA], readerIds: [hh1.reader.id, hh2.reader.id] }).expect(201)).body as StocktakeDetail;
    // the totals count units: each sample one, the product its 3
    assert.deepEqual(st.totals, { expected: ZONE_A_COUNT + 3, found: 0, missing: ZONE_A_COUNT + 3, abnormal: 0, ignored: 0, scanned: 0 });
    const product = (await lines(st.id, 'q=quan jean')).data;
    assert.deepEqual(product.map((l) => [l.kind, l.code, l.expected, l.zoneName]), [['PRODUCT', 'QUAN-JEAN', 3, 'Kho A']]);

    await act(st.id, 'start').expect(200);
    assert.deepEqual([sim1.state.scanning, sim2.state.scanning], [true, true], 'both handhelds were told to start');
    const mode = (await api().get(`/api/readers/${hh1.reader.id}`).expect(200)).body as ReaderView;
    assert.equal(mode.deviceMode, 'COUNTING');

    const present = zoneASamples.slice(0, PRESENT).map((s) => s.epc);
    const tags = [...present, ...zoneBSamples.map((s) => s.epc), ...UNKNOWN, ...PRODUCT_TAGS.slice(0, 2)];
    const sweep = async (sim: SimulatedReader, epcs: string[], times: number) => {
      for (let round = 0; round < times; round++) {
        for (let i = 0; i < epcs.length; i += 250) await sim.read(epcs.slice(i, i + 250).map((epc) => ({ epc, antenna: 1 + (round % 2), rssi: -55, count: 3 })));
      }
    };
    await Promise.all([sweep(sim1, tags, 3), sweep(sim2, tags.slice(0, 1000).concat(UNKNOWN), 2)]);
    const counted = await waitFor(
      'every tag counted',
      async () => {
        const d = await detail(st.id);
        return d.totals.scanned === tags.length ? d : undefined;
      },
      30_000,
    );
    // 2 of the product's 3 units found: 2 found, 1 short (its line is MISSING)
    assert.deepEqual(counted.totals, { expected: ZONE_A_COUNT + 3, found: PRESENT + 2, missing: 10 + 1, abnormal: 8, ignored: 0, scanned: tags.length });
    // once every read of both handhelds is taken in, still each tag once: the second handheld's reads of the same tags counted nothing more
    await t.app.get(ObservationBus).idle();
    assert.equal((await detail(st.id)).totals.scanned, tags.length);
    const { n } = (await sql<{ n: number }>`select count(*)::int as n from stocktake_scans where stocktake_id = ${st.id}`.execute(t.platform.db)).rows[0]!;
    assert.equal(n, tags.length);
    const foundLines = await lines(st.id, 'found=FOUND');
    assert.equal(foundLines.total, PRESENT);
    assert.ok(foundLines.data.every((l) => l.found === 1 && l.result === 'FOUND' && l.epc !== null));

    const missing = await lines(st.id, 'found=MISSING');
    assert.equal(missing.total, 11);
    assert.deepEqual(
      missing.data.filter((l) => l.kind === 'SAMPLE').map((l) => l.itemId).sort(),
      zoneASamples.slice(PRESENT).map((s) => s.id).sort(),
    );
    assert.deepEqual(missing.data.filter((l) => l.kind === 'PRODUCT').map((l) => [l.expected, l.found]), [[3, 2]]);

    const abnormal = await lines(st.id, 'result=ABNORMAL');
    assert.equal(abnormal.total, 8);
    const mismatched = abnormal.data.filter((l) => l.reason === 'ZONE_MISMATCH');
    assert.deepEqual(mismatched.map((l) => [l.kind, l.itemId, l.otherZoneId, l.otherZoneName, l.zoneId]).sort(), zoneBSamples.map((s) => ['SAMPLE', s.id, zoneB, 'Kho B', zoneA]).sort());
    const unknown = abnormal.data.filter((l) => l.reason === 'UNKNOWN');
    assert.deepEqual(unknown.map((l) => [l.kind, l.epc, l.code]).sort(), UNKNOWN.map((e) => ['TAG', e, e]).sort());

    // ignore an unknown tag; a found line is never ignored
    await refused(act(st.id, `lines/${foundLines.data[0]!.id}/ignore`, { note: 'x' }), 'STOCKTAKE_ACTION_NOT_ALLOWED', 'ignore a found line');
    await refused(act(st.id, `lines/999999999/ignore`, { note: 'x' }), 'NOT_FOUND', 'ignore no line');
    const ignored = (await act(st.id, `lines/${unknown[0]!.id}/ignore`, { note: 'thẻ mẫu thử' }).expect(200)).body as StocktakeDetail;
    assert.deepEqual([ignored.totals.abnormal, ignored.totals.ignored], [7, 1]);
    await refused(act(st.id, `lines/${unknown[0]!.id}/ignore`, { note: 'lần nữa' }), 'STOCKTAKE_ACTION_NOT_ALLOWED', 'ignore twice');
    const ignoreList = await lines(st.id, 'result=IGNORE');
    assert.deepEqual(ignoreList.data.map((l) => [l.epc, l.ignoreNote]), [[unknown[0]!.epc, 'thẻ mẫu thử']]);
    assert.equal((await lines(st.id, 'result=ABNORMAL')).total, 7);

    const file = await api().get(`/api/stocktakes/${st.id}/export?result=ABNORMAL`).set('accept-language', 'en').buffer(true).parse(binary);
    assert.deepEqual([file.status, file.headers['content-type']], [200, XLSX]);

    const closed = (await act(st.id, 'close', { moveFound: true, markMissing: true, adjustStock: true }).expect(200)).body as StocktakeDetail;
    assert.deepEqual([closed.status, closed.corrections], ['CLOSED', { moved: 5, markedMissing: 10, stockAdjusted: 1 }]);
    assert.deepEqual([sim1.state.scanning, sim2.state.scanning], [false, false], 'both handhelds were told to stop');

    // the samples found here are in zone A now; the stock is what was counted; the missing ones named in the closed event
    const places = await samplePlaces(t.platform.db, { sampleIds: zoneBSamples.map((s) => s.id) });
    assert.deepEqual(places.map((p) => [p.state, p.zoneId]), zoneBSamples.map(() => ['IN', zoneA]));
    assert.deepEqual(await stockInZones(t.platform.db, [zoneA]), [{ productId, zoneId: zoneA, quantity: 2 }]);
    const event = await t.platform.db.selectFrom('events').select('data').where('stream_id', '=', `stocktake-${st.id}`).where('type', '=', 'StocktakeClosed').executeTakeFirstOrThrow();
    const data = event.data as { abnormal: number; corrections: { missing: string[]; stock: { productId: string; zoneId: string; delta: number }[] } };
    assert.deepEqual(data.corrections.missing.sort(), zoneASamples.slice(PRESENT).map((s) => s.id).sort());
    assert.deepEqual([data.abnormal, data.corrections.stock], [7, [{ productId, zoneId: zoneA, delta: -1 }]]);
    // each sample's history says how the stocktake closed for it: found, found in another zone (moved there), missing
    const resultOf = async (sampleId: string) => {
      const history = (await api().get(`/api/samples/${sampleId}/history`).expect(200)).body as SampleTimelineEntry[];
      return history.flatMap((e) => (e.action === 'StocktakeClosed' ? [[e.stocktakeCode, e.result]] : []));
    };
    assert.deepEqual((await resultOf(zoneASamples[0]!.id))[0], [st.code, 'FOUND'], 'newest first');
    assert.deepEqual((await resultOf(zoneBSamples[0]!.id))[0], [st.code, 'MOVED']);
    assert.deepEqual((await resultOf(zoneASamples[PRESENT]!.id))[0], [st.code, 'MISSING']);
    const moved = (await api().get(`/api/samples/${zoneBSamples[0]!.id}`).expect(200)).body as SampleDetail;
    assert.deepEqual([moved.place.state, moved.place.zoneId], ['IN', zoneA], 'its place is the zone the stocktake found it in');

    // the abnormal alert, once for this stocktake, with its count
    const alerts = await t.platform.db.selectFrom('alerts').select(['kind', 'subject_code', 'subject_count']).where('subject_id', '=', st.id).execute();
    assert.deepEqual(alerts, [{ kind: 'STOCKTAKE_ABNORMAL', subject_code: st.code, subject_count: 7 }]);

    // a sample not found is marked missing; a reader seeing it again clears the mark; and that read,
    // after the close, counts for nothing
    const lost = zoneASamples[PRESENT]!;
    assert.ok((await api().get(`/api/samples/${lost.id}`).expect(200)).body.missingSince, 'marked missing on close');
    await sim1.read([{ epc: lost.epc, antenna: 1, rssi: -50, count: 1 }]);
    await waitFor('the missing sample seen again', async () => (await api().get(`/api/samples/${lost.id}`).expect(200)).body.missingSince === null);
    await t.app.get(ObservationBus).idle();
    assert.equal((await detail(st.id)).totals.scanned, tags.length);

    // a new stocktake of zone A now expects the samples moved there
    const next = (await api().post('/api/stocktakes').send({ name: 'Kiểm lại kho A', zoneIds: [zoneA] }).expect(201)).body as StocktakeDetail;
    assert.equal(next.totals.expected, ZONE_A_COUNT + 5 + 2, 'the samples moved here, and the 2 units of the product its stock was set to');
  });

  it('every stocktake event leaves the read models as a rebuild makes them', async () => {
    const snapshot = async () => ({
      stocktakes: (await sql`select * from stocktakes order by id`.execute(t.platform.db)).rows,
      lines: (await sql`select stocktake_id, key, kind, item_id, code, name, zone_id, epc, expected, found, result, reason, other_zone_id, ignored, ignore_note, search_key from stocktake_lines order by stocktake_id, key`.execute(t.platform.db)).rows,
      scans: (await sql`select * from stocktake_scans order by stocktake_id, epc`.execute(t.platform.db)).rows,
      whereabouts: (await sql`select * from sample_whereabouts order by sample_id`.execute(t.platform.db)).rows,
      stock: (await sql`select ticket_id, product_id, warehouse_id, quantity, at from stock_movements order by at, ticket_id, product_id`.execute(t.platform.db)).rows,
      alerts: (await sql`select id, kind, subject_id, subject_code, subject_count from alerts order by id`.execute(t.platform.db)).rows,
    });
    const live = await snapshot();
    assert.ok(live.stocktakes.length >= 3);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await snapshot(), live);
  });
});
