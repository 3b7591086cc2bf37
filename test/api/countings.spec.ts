import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { P, REALTIME_EVENTS, type CountingDetail, type CountingView } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { registerReader } from './reader-fixtures.js';
import { createCatalogues, createSample, sampleBody } from './sample-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connected, socketClients } from './socket-fixtures.js';

const SAMPLE_TAG = 'E2801160600002CA1B2C0001';
const UNIT_TAG = 'E2801160600002CA1B2C0002';
const UNKNOWN_TAG = 'E2801160600002CA1B2C00FF';

/**
 * Quick counts over MQTT: a handheld in COUNTING mode started from the back-office reads a sample's tag,
 * a product unit's and an unknown one, each many times; one count with three distinct tags split by
 * kind, pushed live, its tags in its detail; stopping the reader stops the count. A handheld in
 * READ_TAG mode counts nothing. The list needs its permission; a rebuild gives the same rows.
 */
describe('quick counts (counting)', () => {
  let { t, admin, url } = {} as SuiteApp;
  const sims: SimulatedReader[] = [];

  suiteApp({ broker: true, readers: sims }, (app) => ({ t, admin, url } = app));
  before(async () => {
    // no count here ends by itself (after the idle time) while the test compares the rows with a rebuild
    await t.api(admin).put('/api/system-settings').send({ countingIdleSeconds: 3600 }).expect(200);
    const c = await createCatalogues(t, admin);
    const sample = await createSample(t, admin, sampleBody(c, { sampleCode: 'COUNT-1' }));
    const product = (await t.api(admin).post('/api/products').send({ name: 'Dây giày', unit: 'pcs', quantityPerBox: 1, supplierId: c.active.customers[0], gtin: null }).expect(201)).body.id;
    await t.api(admin).post('/api/rfid-tags').send({ codes: [SAMPLE_TAG, UNIT_TAG] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: SAMPLE_TAG, sampleId: sample.id }).expect(200);
    await t.api(admin).post('/api/rfid-tags/link-product').send({ tagCode: UNIT_TAG, productId: product }).expect(200);
  });

  const handheld = async (code: string, deviceMode: 'COUNTING' | 'READ_TAG') => {
    const r = await registerReader(t, admin, { code, name: `Máy ${code}`, kind: 'HANDHELD', deviceMode, antennas: [{ port: 1, power: 20 }] });
    const sim = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'ZEBRA', topics: r.reader.topics, antennas: [1], heartbeatSeconds: 0 });
    sims.push(sim);
    return { r, sim };
  };
  const read = (sim: SimulatedReader, epcs: string[]) => sim.read(epcs.map((epc) => ({ epc, antenna: 1, rssi: -50, count: 3 })));

  it('a handheld in COUNTING mode counts each tag once, by kind, live; stopping it stops the count', async () => {
    const sockets = await socketClients(t);
    const socket = sockets.connect({ token: admin });
    await connected(socket);
    const pushes: CountingView[] = [];
    socket.on(REALTIME_EVENTS.COUNTING, (v: CountingView) => pushes.push(v));

    const { r, sim } = await handheld('HH-COUNT', 'COUNTING');
    await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'start' }).expect(200);
    for (let i = 0; i < 4; i++) await read(sim, [SAMPLE_TAG, UNIT_TAG, UNKNOWN_TAG]);
    const counting = await waitFor('the count of three tags', async () => {
      const list = (await t.api(admin).get('/api/countings').query({ readerId: r.reader.id }).expect(200)).body.data as CountingView[];
      return list[0]?.tagCount === 3 ? list[0] : undefined;
    });
    assert.deepEqual([counting.readerCode, counting.samples, counting.products, counting.unknown, counting.stoppedAt], ['HH-COUNT', 1, 1, 1, null]);
    await waitFor('the count pushed', () => pushes.some((p) => p.id === counting.id && p.tagCount === 3));

    const detail = (await t.api(admin).get(`/api/countings/${counting.id}`).expect(200)).body as CountingDetail;
    assert.deepEqual(
      detail.tags.map((x) => [x.epc, x.kind, x.code]).sort(),
      [
        [SAMPLE_TAG, 'SAMPLE', 'COUNT-1'],
        [UNIT_TAG, 'PRODUCT', detail.tags.find((x) => x.kind === 'PRODUCT')!.code],
        [UNKNOWN_TAG, 'UNKNOWN', null],
      ].sort(),
    );

    await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'stop' }).expect(200);
    const stopped = await waitFor('the count stopped', async () => ((await t.api(admin).get(`/api/countings/${counting.id}`).expect(200)).body as CountingDetail).stoppedAt);
    assert.ok(Date.parse(stopped) >= Date.parse(counting.startedAt));
    assert.equal((await t.api(admin).get('/api/countings').query({ open: 'true' }).expect(200)).body.total, 0);

    // the next reads open a new count (a tag not read in the last dedupe window: it becomes an observation)
    await t.api(admin).post(`/api/readers/${r.reader.id}/commands`).send({ command: 'start' }).expect(200);
    await read(sim, ['E2801160600002CA1B2C00FE']);
    await waitFor('a second count', async () => (await t.api(admin).get('/api/countings').query({ readerId: r.reader.id }).expect(200)).body.total === 2);
    sockets.close();
  });

  it('a handheld reading tags one by one (READ_TAG) opens no count; the list needs its permission; a rebuild gives the same rows', async () => {
    const { r, sim } = await handheld('HH-READ', 'READ_TAG');
    const { r: counter, sim: counterSim } = await handheld('HH-AFTER', 'COUNTING');
    await read(sim, [SAMPLE_TAG, UNKNOWN_TAG]);
    // a count of another reader, read after: once it is there, the first reader's reads were taken in too
    await read(counterSim, [UNKNOWN_TAG]);
    await waitFor('the later count', async () => (await t.api(admin).get('/api/countings').query({ readerId: counter.reader.id }).expect(200)).body.total === 1);
    assert.equal((await t.api(admin).get('/api/countings').query({ readerId: r.reader.id }).expect(200)).body.total, 0);

    const group = (await t.api(admin).post('/api/user-groups').send({ name: 'Không đếm', permissions: [P.DASHBOARD] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'no.count', password: 'secret1', fullName: 'No count', groupId: group }).expect(201);
    const token = await t.login('no.count', 'secret1');
    assert.equal((await t.api(token).get('/api/countings')).status, 403);

    const rows = () => Promise.all([t.platform.db.selectFrom('countings').selectAll().orderBy('id').execute(), t.platform.db.selectFrom('counting_tags').selectAll().orderBy('counting_id').orderBy('epc').execute()]);
    const live = await rows();
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['countings']);
    assert.deepEqual(await rows(), live);
  });
});
