import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ReaderCreated, SampleDetail, TagDetail } from '@rfid/contracts';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import type { MqttClient } from 'mqtt';
import { connectReader } from './reader-fixtures.js';
import { createCatalogues, createSample, sampleBody, type Catalogues } from './sample-fixtures.js';

/** Where a tag was last seen, as the tag's detail and its sample's page tell it. */
describe("a tag's last sighting on the tag's detail and the sample's page", () => {
  let t: TestApp;
  let admin: string;
  let c: Catalogues;
  let reader: MqttClient;
  let created: ReaderCreated;

  before(async () => {
    // the embedded broker on the app's own port (MQTT over WebSocket at /mqtt)
    t = await createTestApp({ mqttWebSocket: true });
    await t.app.listen(0, '127.0.0.1');
    admin = await t.adminToken();
    c = await createCatalogues(t, admin);
    created = (
      await t
        .api(admin)
        .post('/api/readers')
        .send({ code: 'DOOR-1', name: 'Cửa kho A', kind: 'GATE', format: 'SIMPLE', zoneId: c.active.zones[0], antennas: [{ port: 1, power: 25 }, { port: 2, power: 25 }] })
        .expect(201)
    ).body;
    const port = (t.http.address() as AddressInfo).port;
    reader = await connectReader(`ws://127.0.0.1:${port}/mqtt`, created.credentials.username, created.credentials.password);
  });
  after(async () => {
    reader?.end(true);
    await t.close();
  });

  it('a tag no reader has seen says so (null); once a reader reads it, the reader, its antenna, its zone and the time', async () => {
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['E2806894000050123400AA01', 'E2806894000050123400AA02'] }).expect(201);
    const sample = await createSample(t, admin, sampleBody(c, { sampleCode: 'SEEN-1' }));
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'E2806894000050123400AA01', sampleId: sample.id }).expect(200);
    const unseenSample = (await t.api(admin).get(`/api/samples/${sample.id}`).expect(200)).body as SampleDetail;
    assert.equal(unseenSample.currentTagLastSeen, null);
    assert.equal(((await t.api(admin).get('/api/rfid-tags/E2806894000050123400AA01').expect(200)).body as TagDetail).lastSeen, null);

    const before = Date.now();
    await reader.publishAsync(created.credentials.topics.events, JSON.stringify({ reads: [{ epc: 'e2806894000050123400aa01', antenna: 2, rssi: -52 }] }), { qos: 1 });
    const seen = await waitFor('the tag seen', async () => ((await t.api(admin).get('/api/rfid-tags/E2806894000050123400AA01').expect(200)).body as TagDetail).lastSeen);
    assert.deepEqual({ ...seen, at: undefined }, {
      readerId: created.reader.id,
      readerCode: 'DOOR-1',
      readerName: 'Cửa kho A',
      antenna: 2,
      zoneId: c.active.zones[0],
      zoneName: 'Kho A',
      at: undefined,
    });
    assert.ok(Date.parse(seen.at) >= before - 1000 && Date.parse(seen.at) <= Date.now(), `the server's receive time: ${seen.at}`);
    const sampleNow = (await t.api(admin).get(`/api/samples/${sample.id}`).expect(200)).body as SampleDetail;
    assert.deepEqual(sampleNow.currentTagLastSeen, seen);
    // the other tag, never read, still says so
    assert.equal(((await t.api(admin).get('/api/rfid-tags/E2806894000050123400AA02').expect(200)).body as TagDetail).lastSeen, null);
  });
});
