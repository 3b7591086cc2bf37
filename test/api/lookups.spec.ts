import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { MASTER_DATA_KEYS, P, referenceFields, SAMPLE_FIELDS, type LookupItem, type PermissionCode, type SampleLookupItem, type TagLookup } from '@rfid/contracts';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createSample, sampleBody } from './sample-fixtures.js';

/** More seasons than the largest page: a choice must find the last of them too. */
const MANY = 60;

describe('look-ups: the choices a form or a filter reads', () => {
  let { t, admin, c } = {} as SuiteApp;
  let token: string;
  let groupId: string;
  const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${groupId}/permissions`).send({ permissions }).expect(200);

  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));
  before(async () => {
    for (let i = 1; i <= MANY; i++) {
      await t.api(admin).post('/api/master-data/seasons').send({ code: `S${String(i).padStart(3, '0')}`, name: `Mùa số ${String(i).padStart(3, '0')}` }).expect(201);
    }
    groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Partial', permissions: [] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'partial', password: 'secret1', fullName: 'Partial', groupId }).expect(201);
    token = await t.login('partial', 'secret1');
  });

  it('the sample list alone reads every catalogue a sample field references; a report reads those its filters reference, no other', async () => {
    // the group of the review: sample list, detail and search, linking, the linking report, the season list
    await grant([
      P.SAMPLE_MANAGEMENT_SAMPLE_LIST,
      P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL,
      P.SAMPLE_MANAGEMENT_SAMPLE_SEARCH,
      P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK,
      P.REPORT_LINKING_LIST,
      P.MASTER_DATA_SESSION_LIST,
    ]);
    for (const field of referenceFields(SAMPLE_FIELDS)) {
      await t.api(token).get(`/api/master-data/${field.catalogue}/lookup`).expect(200);
    }
    await grant([P.REPORT_LINKING_LIST]);
    for (const key of MASTER_DATA_KEYS) {
      const res = await t.api(token).get(`/api/master-data/${key}/lookup`);
      assert.equal(res.status, ['seasons', 'categories', 'customers', 'sizes'].includes(key) ? 200 : 403, key);
    }
    // a look-up opens no more than the choices: the catalogue's own list stays its permission's
    await t.api(token).get('/api/master-data/seasons').expect(403);
  });

  it('searches the whole catalogue on the server, pages it by name, resolves ids, and keeps only active items when asked', async () => {
    await grant([P.SAMPLE_MANAGEMENT_SAMPLE_LIST]);
    const page = async (query: string) => (await t.api(token).get(`/api/master-data/seasons/lookup?${query}`).expect(200)).body as { data: LookupItem[]; total: number };
    const all = await page('size=50');
    assert.equal(all.total, MANY + 3);
    assert.equal(all.data.length, 50);
    assert.deepEqual(
      all.data.map((i) => i.name),
      [...all.data.map((i) => i.name)].sort((a, b) => a.localeCompare(b, 'en')),
      'by name',
    );
    assert.equal((await page('size=50&page=2')).data.length, MANY + 3 - 50);
    const found = await page('q=059');
    assert.deepEqual(found.data, [{ id: found.data[0]!.id, code: 'S059', name: 'Mùa số 059', active: true }]);
    assert.equal((await page('q=s05')).total, 10, 'by code, in any case');

    const ids = [c.active.seasons[1], c.inactive.seasons];
    const named = await page(`ids=${ids.join(',')}`);
    assert.deepEqual(named.data.map((i) => [i.id, i.active]).sort(), ids.map((id) => [id, id !== c.inactive.seasons]).sort());
    assert.equal((await page('active=true&size=50&page=2')).total, MANY + 2, 'the inactive item left out');
    const bad = await t.api(token).get('/api/master-data/seasons/lookup?ids=not-an-id');
    assert.equal(bad.status, 400);
  });

  it('groups: the user screens read them (a user form, the list filter), by name', async () => {
    await grant([P.SYSTEM_ADMINISTRATION_USER_LIST]);
    const res = await t.api(token).get('/api/user-groups/lookup?q=parti').expect(200);
    assert.deepEqual(res.body.data, [{ id: groupId, code: null, name: 'Partial', active: true }]);
    await t.api(token).get('/api/user-groups').expect(403);
  });

  it('samples to link: the link screen alone finds them by code or name, only those without a tag when asked, or by id', async () => {
    await grant([P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK]);
    const free = await createSample(t, admin, sampleBody(c, { sampleCode: 'LK-FREE', name: 'Giày lookup' }));
    const taken = await createSample(t, admin, sampleBody(c, { sampleCode: 'LK-TAKEN', name: 'Giày lookup' }));
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['AB120001'] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'AB120001', sampleId: taken.id }).expect(200);
    const find = async (query: string) => ((await t.api(token).get(`/api/samples/lookup?${query}`).expect(200)).body.data as SampleLookupItem[]).map((s) => s.sampleCode);
    assert.deepEqual(await find('q=lookup'), ['LK-FREE', 'LK-TAKEN']);
    assert.deepEqual(await find('q=lookup&linked=false'), ['LK-FREE']);
    assert.deepEqual(await find(`ids=${taken.id}`), ['LK-TAKEN']);
    const [item] = (await t.api(token).get(`/api/samples/lookup?ids=${free.id}`).expect(200)).body.data as SampleLookupItem[];
    assert.deepEqual(item, { id: free.id, sampleCode: 'LK-FREE', name: 'Giày lookup', modelName: 'Runner X', artNumber: 'ART-001', currentTagCode: null });
    await t.api(token).get('/api/samples').expect(403);
  });

  it('a scanned tag: the unlink screen alone reads its state and its sample (code and name); an unknown code is 404 naming it', async () => {
    await grant([P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK]);
    const sample = await createSample(t, admin, sampleBody(c, { sampleCode: 'LK-SCAN', name: 'Dép quét' }));
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['AB120002', 'AB120003'] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'AB120002', sampleId: sample.id }).expect(200);
    const linked = (await t.api(token).get('/api/rfid-tags/lookup/ab12%200002').expect(200)).body as TagLookup;
    assert.deepEqual(linked, { code: 'AB120002', state: 'LINKED', locked: false, sampleId: sample.id, sampleCode: 'LK-SCAN', sampleName: 'Dép quét' });
    const free = (await t.api(token).get('/api/rfid-tags/lookup/AB120003').expect(200)).body as TagLookup;
    assert.deepEqual([free.state, free.sampleCode, free.sampleName], ['UNLINK', null, null]);
    const unknown = await t.api(token).get('/api/rfid-tags/lookup/AB12FFFF').expect(404);
    assert.equal(unknown.body.code, 'NOT_FOUND');
    assert.deepEqual(unknown.body.details, { tagCode: 'AB12FFFF' });
    await t.api(token).get('/api/rfid-tags/AB120002').expect(403);
  });

  it('users to assign a reader to: the gate configuration (update) reads them by username or full name, active ones only when asked', async () => {
    const other = (await t.api(admin).post('/api/users').send({ username: 'kho.le', password: 'secret1', fullName: 'Lê Thị Kho', groupId }).expect(201)).body.id as string;
    await t.api(admin).post(`/api/users/${other}/lock`).expect(200);
    await grant([P.SECURITY_GATE_CONFIGURATION_UPDATE]);
    const find = async (query: string) => (await t.api(token).get(`/api/users/lookup?${query}`).expect(200)).body as { data: LookupItem[]; total: number };
    assert.deepEqual((await find('q=thị kho')).data, [{ id: other, code: 'kho.le', name: 'Lê Thị Kho', active: false }], 'by full name');
    assert.deepEqual((await find('q=KHO.')).data.map((u) => u.code), ['kho.le'], 'by username, in any case');
    assert.deepEqual((await find('q=kho&active=true')).data, [], 'a locked user is no choice');
    assert.deepEqual((await find(`ids=${other}`)).data.map((u) => u.id), [other]);
    assert.ok((await find('size=50')).data.some((u) => u.code === 'admin'));
    // the user screens read it too; the gate configuration's list alone does not, nor does it open the user list
    await grant([P.SYSTEM_ADMINISTRATION_USER_LIST]);
    await t.api(token).get('/api/users/lookup').expect(200);
    await grant([P.SECURITY_GATE_CONFIGURATION_LIST, P.SECURITY_GATE_CONFIGURATION_UPDATE]);
    await t.api(token).get('/api/users').expect(403);
    await grant([P.SECURITY_GATE_CONFIGURATION_LIST]);
    await t.api(token).get('/api/users/lookup').expect(403);
  });

  it('readers: the gate configuration and the integration log read them by code or name; switched-off ones are inactive; the zone choice opens to the reader form', async () => {
    const reader = (code: string, name: string, sw: 'ON' | 'OFF') =>
      t.api(admin).post('/api/readers').send({ code, name, kind: 'GATE', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }], switch: sw }).expect(201);
    const gate = (await reader('gate-01', 'Cổng kho A', 'ON')).body.reader.id as string;
    const spare = (await reader('HH-07', 'Máy cầm tay dự phòng', 'OFF')).body.reader.id as string;
    for (const permission of [P.SECURITY_GATE_CONFIGURATION_LIST, P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST]) {
      await grant([permission]);
      const find = async (query: string) => ((await t.api(token).get(`/api/readers/lookup?${query}`).expect(200)).body.data as LookupItem[]);
      assert.deepEqual(await find('q=kho'), [{ id: gate, code: 'GATE-01', name: 'Cổng kho A', active: true }], permission);
      assert.deepEqual(await find('q=hh-0'), [{ id: spare, code: 'HH-07', name: 'Máy cầm tay dự phòng', active: false }], 'by code, in any case');
      assert.deepEqual((await find('active=true')).map((r) => r.id), [gate]);
      assert.deepEqual((await find(`ids=${spare},${gate}`)).map((r) => r.code), ['GATE-01', 'HH-07'], 'by code');
    }
    await t.api(token).get('/api/readers').expect(403);
    await grant([P.SECURITY_GATE_CONFIGURATION_CREATE]);
    await t.api(token).get('/api/master-data/zones/lookup').expect(200);
    await t.api(token).get('/api/readers/lookup').expect(403);
  });

  it('the ticket screens: a list reads the warehouses of its filter; the ticket form also the suppliers, the samples and the readers', async () => {
    const reads = async () =>
      Object.fromEntries(
        await Promise.all(
          ['/api/master-data/zones/lookup', '/api/master-data/customers/lookup', '/api/samples/lookup', '/api/readers/lookup'].map(async (path) => [path, (await t.api(token).get(path)).status]),
        ),
      );
    const listOnly = { '/api/master-data/zones/lookup': 200, '/api/master-data/customers/lookup': 403, '/api/samples/lookup': 403, '/api/readers/lookup': 403 };
    for (const permission of [P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, P.SAMPLE_MANAGEMENT_INVENTORY_LIST, P.REPORT_INVENTORY_LIST]) {
      await grant([permission]);
      assert.deepEqual(await reads(), listOnly, permission);
    }
    for (const permission of [
      P.SAMPLE_MANAGEMENT_IMPORT_TICKET_CREATE,
      P.SAMPLE_MANAGEMENT_IMPORT_TICKET_UPDATE,
      P.SAMPLE_MANAGEMENT_EXPORT_TICKET_CREATE,
      P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE,
    ]) {
      await grant([permission]);
      assert.deepEqual(Object.values(await reads()), [200, 200, 200, 200], permission);
    }
    await grant([P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL]);
    assert.deepEqual(Object.values(await reads()), [403, 403, 403, 403], 'a ticket page offers no choice');
  });
});
