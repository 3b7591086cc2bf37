import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { CountingView, StocktakeDetail, TicketDetail } from '@rfid/contracts';
import { ReaderClaims } from '@rfid/backend/modules/readers/readers.public';
import { createSecondInstance, type TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { SimulatedReader } from '@rfid/simulators';
import { registerReader } from './reader-fixtures.js';
import { suiteApp } from './suite-app.js';
import { createCatalogues, createSample, sampleBody, type Catalogues } from './sample-fixtures.js';

const TAGS = ['E28011606000020A1B2D0001', 'E28011606000020A1B2D0002'];

/**
 * One holder per reader, whoever holds it: a handheld counting for a stocktake cannot scan for a ticket,
 * nor one scanning for a ticket count for a stocktake (READER_BUSY, naming the holder); a quick count
 * gives its handheld up to a stocktake; the claim is stored, so another server routes the reader alike.
 */
describe('reader claims: one holder per reader across tickets, stocktakes and quick counts', () => {
  let t: TestApp;
  let second: TestApp;
  let admin: string;
  let c: Catalogues;
  let url: string;
  const samples: string[] = [];
  const sims: SimulatedReader[] = [];

  suiteApp({ broker: true, readers: sims, teardown: () => second.close() }, (app) => ({ t, admin, url } = app));
  before(async () => {
    await t.api(admin).put('/api/system-settings').send({ countingIdleSeconds: 3600 }).expect(200);
    c = await createCatalogues(t, admin);
    await t.api(admin).post('/api/rfid-tags').send({ codes: TAGS }).expect(201);
    for (const [i, tag] of TAGS.entries()) {
      const s = await createSample(t, admin, sampleBody(c, { sampleCode: `CLAIM-${i}`, currentZoneId: c.active.zones[0] }));
      samples.push(s.id);
      await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: tag, sampleId: s.id }).expect(200);
    }
    second = await createSecondInstance(t, { mqttPort: 0 });
  });

  let gateId: string | undefined;
  const handheld = async (code: string) => {
    const r = await registerReader(t, admin, { code, kind: 'HANDHELD', format: 'SIMPLE', deviceMode: 'COUNTING', antennas: [{ port: 1, power: 20 }] });
    const sim = await SimulatedReader.connect({ url, code: r.credentials.username, password: r.credentials.password, format: 'SIMPLE', topics: r.reader.topics, heartbeatSeconds: 0 });
    sims.push(sim);
    return { id: r.reader.id, sim };
  };
  const exportTicket = async (readerId: string) => {
    gateId ??= (await registerReader(t, admin, { code: 'GATE-CLAIMS' })).reader.id;
    const ticket = (await t.api(admin).post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[0], sampleIds: samples, equipmentId: readerId, allowedGateId: gateId }).expect(201)).body as TicketDetail;
    await t.api(admin).post(`/api/export-tickets/${ticket.id}/prepare`).expect(200);
    return ticket.id;
  };
  const stocktake = async (readerId: string) =>
    ((await t.api(admin).post('/api/stocktakes').send({ name: `Kiểm ${readerId.slice(0, 4)}`, zoneIds: [c.active.zones[0]], readerIds: [readerId] }).expect(201)).body as StocktakeDetail).id;

  it('a second holder is refused READER_BUSY, naming the first; once it lets go the other may claim', async () => {
    const { id: readerId } = await handheld('HH-CLAIM-1');
    const stocktakeId = await stocktake(readerId);
    const ticketId = await exportTicket(readerId);

    await t.api(admin).post(`/api/stocktakes/${stocktakeId}/start`).expect(200);
    const busy = await t.api(admin).post(`/api/export-tickets/${ticketId}/scanning/start`);
    assert.deepEqual([busy.status, busy.body.code, busy.body.details], [409, 'READER_BUSY', { readerId, claimedFor: 'stocktake', id: stocktakeId }]);
    assert.equal((await t.api(admin).get(`/api/export-tickets/${ticketId}`).expect(200)).body.scanning, null, 'the refused ticket does not scan');
    // stored: the other server knows who holds the reader
    await waitFor('the claim known to the second server', () => second.app.get(ReaderClaims).claimOf(readerId)?.id === stocktakeId);

    await t.api(admin).post(`/api/stocktakes/${stocktakeId}/reset`).expect(200);
    await t.api(admin).post(`/api/export-tickets/${ticketId}/scanning/start`).expect(200);
    const refused = await t.api(admin).post(`/api/stocktakes/${stocktakeId}/start`);
    assert.deepEqual([refused.body.code, refused.body.details], ['READER_BUSY', { readerId, claimedFor: 'ticket', id: ticketId }]);
    assert.equal((await t.api(admin).get(`/api/stocktakes/${stocktakeId}`).expect(200)).body.status, 'CREATE', 'the refused stocktake did not start');
    await waitFor('the ticket’s claim known to the second server', () => second.app.get(ReaderClaims).claimOf(readerId)?.kind === 'ticket');

    await t.api(admin).post(`/api/export-tickets/${ticketId}/scanning/stop`).expect(200);
    await waitFor('the claim gone on the second server', () => second.app.get(ReaderClaims).claimOf(readerId) === undefined);
    assert.equal(t.app.get(ReaderClaims).claimOf(readerId), undefined);
  });

  it('the reads of a reader reach its holder only: a ticket’s handheld in COUNTING mode opens no quick count', async () => {
    const { id: readerId, sim } = await handheld('HH-CLAIM-2');
    const ticketId = await exportTicket(readerId);
    await t.api(admin).post(`/api/export-tickets/${ticketId}/scanning/start`).expect(200);
    await sim.read(TAGS.map((epc) => ({ epc, antenna: 1, rssi: -50, count: 2 })));
    await waitFor('the ticket’s draft counted', async () => ((await t.api(admin).get(`/api/export-tickets/${ticketId}`).expect(200)).body as TicketDetail).totals.draft === 2);
    assert.equal((await t.api(admin).get('/api/countings').query({ readerId }).expect(200)).body.total, 0, 'no quick count beside the ticket');
    await t.api(admin).post(`/api/export-tickets/${ticketId}/scanning/stop`).expect(200);
  });

  it('a quick count gives its handheld up to a stocktake: the count stops, the reads count for the stocktake', async () => {
    const { id: readerId, sim } = await handheld('HH-CLAIM-3');
    await sim.read([{ epc: TAGS[0]!, antenna: 1, rssi: -50, count: 1 }]);
    const counting = await waitFor('a quick count', async () => ((await t.api(admin).get('/api/countings').query({ readerId }).expect(200)).body.data as CountingView[])[0]);
    assert.equal(counting.stoppedAt, null);

    const stocktakeId = await stocktake(readerId);
    await t.api(admin).post(`/api/stocktakes/${stocktakeId}/start`).expect(200);
    await waitFor('the quick count stopped', async () => ((await t.api(admin).get(`/api/countings/${counting.id}`).expect(200)).body as CountingView).stoppedAt !== null);
    assert.equal(t.app.get(ReaderClaims).claimOf(readerId)?.id, stocktakeId);

    // the other tag (the first, read again within the dedupe window, would be no new observation)
    await sim.read([{ epc: TAGS[1]!, antenna: 1, rssi: -50, count: 1 }]);
    await waitFor('the tag found by the stocktake', async () => ((await t.api(admin).get(`/api/stocktakes/${stocktakeId}`).expect(200)).body as StocktakeDetail).totals.found === 1);
    assert.equal(((await t.api(admin).get(`/api/countings/${counting.id}`).expect(200)).body as CountingView).tagCount, 1, 'the stopped count took no more');
    await t.api(admin).post(`/api/stocktakes/${stocktakeId}/reset`).expect(200);
  });
});
