import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { sampleTimeline, type PermissionCode, type SampleView } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { sql } from 'kysely';
import { createSample, sampleBody, type Catalogues } from './sample-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { assertEachCallNeeds } from './permission-fixtures.js';

describe('samples over HTTP', () => {
  let { t, admin, c } = {} as SuiteApp;
  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));

  const post = (body: object) => t.api(admin).post('/api/samples').send(body);

  it('create: the system makes the code (SP and six digits), the answer names the master data; detail gives the same', async () => {
    const res = await post(sampleBody(c, { side: 'left', color: '  ' }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const s = res.body as SampleView;
    assert.match(s.sampleCode, /^SP\d{6}$/);
    assert.deepEqual(
      {
        name: s.name,
        side: s.side,
        color: s.color,
        seasonName: s.seasonName,
        stageName: s.stageName,
        typeName: s.typeName,
        sizeName: s.sizeName,
        genderName: s.genderName,
        categoryName: s.categoryName,
        customerName: s.customerName,
        zoneName: s.zoneName,
        usageCount: s.usageCount,
        currentTagCode: s.currentTagCode,
        version: s.version,
      },
      {
        name: 'Giày chạy bộ nữ',
        side: 'LEFT',
        color: null,
        seasonName: 'Xuân Hè 2026',
        stageName: 'Proto',
        typeName: 'Mẫu phát triển',
        sizeName: 'Cỡ 40',
        genderName: 'Nam',
        categoryName: 'Giày chạy',
        customerName: 'Công ty Á Đông',
        zoneName: 'Kho A',
        usageCount: 0,
        currentTagCode: null,
        version: 1,
      },
    );
    // the detail also says where a reader last saw the sample's tag: it has none
    // its page also says where it is (its own zone: no ticket has moved it) and what its usage adds up
    const place = { state: 'IN', zoneId: s.currentZoneId, zoneName: s.zoneName, ticketId: null, ticketCode: null, since: null, by: null, note: null };
    assert.deepEqual((await t.api(admin).get(`/api/samples/${s.id}`).expect(200)).body, { ...s, currentTagLastSeen: null, place, usage: { links: 0, loans: 0 } });
    const next = await createSample(t, admin, sampleBody(c));
    assert.equal(Number(next.sampleCode.slice(2)), Number(s.sampleCode.slice(2)) + 1, 'codes follow the sequence');
    const bare = await createSample(t, admin, sampleBody(c, { stageId: null, typeId: undefined, genderId: '', side: null, currentZoneId: null }));
    assert.deepEqual([bare.stageId, bare.typeId, bare.genderId, bare.side, bare.currentZoneId, bare.stageName], [null, null, null, null, null, null]);
  });

  it('a code given by the user is kept (upper-case) and unique: SAMPLE_EXISTS; the system skips it when it comes to it', async () => {
    const given = await createSample(t, admin, sampleBody(c, { sampleCode: ' mau-01 ' }));
    assert.equal(given.sampleCode, 'MAU-01');
    const dup = await post(sampleBody(c, { sampleCode: 'Mau-01' }));
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'SAMPLE_EXISTS');
    const last = await createSample(t, admin, sampleBody(c));
    const upcoming = `SP${String(Number(last.sampleCode.slice(2)) + 1).padStart(6, '0')}`;
    await createSample(t, admin, sampleBody(c, { sampleCode: upcoming }));
    const made = await createSample(t, admin, sampleBody(c));
    assert.equal(made.sampleCode, `SP${String(Number(last.sampleCode.slice(2)) + 2).padStart(6, '0')}`);
    const bad = await post(sampleBody(c, { sampleCode: 'mã có dấu' }));
    assert.equal(bad.status, 400);
    assert.deepEqual([bad.body.code, bad.body.details[0].field, bad.body.details[0].rule], ['BAD_REQUEST_ERROR', 'sampleCode', 'invalid_format']);
  });

  it('model, name, category, season, art, size and customer must not be blank: each answers its own code, blank or left out', async () => {
    const rules: [string, string][] = [
      ['name', 'NAME_MUST_BE_NOT_BLANK'],
      ['modelName', 'MODEL_MUST_BE_NOT_BLANK'],
      ['artNumber', 'ART_MUST_BE_NOT_BLANK'],
      ['seasonId', 'SEASON_MUST_BE_NOT_BLANK'],
      ['sizeId', 'SIZE_MUST_BE_NOT_BLANK'],
      ['categoryId', 'CATEGORY_MUST_BE_NOT_BLANK'],
      ['customerId', 'CUSTOMER_MUST_BE_NOT_BLANK'],
    ];
    for (const [field, code] of rules) {
      for (const value of ['   ', null, undefined]) {
        const res = await post(sampleBody(c, { [field]: value }));
        assert.equal(res.status, 400, `${field}=${String(value)}`);
        assert.equal(res.body.code, code, `${field}=${String(value)}: ${JSON.stringify(res.body)}`);
        assert.deepEqual(res.body.details, [{ field, rule: 'custom', code, message: res.body.message }]);
      }
    }
    const vi = await t.api(admin).post('/api/samples').set('accept-language', 'vi').send(sampleBody(c, { modelName: '' }));
    assert.equal(vi.body.message, 'Model không được để trống');
    const two = await post(sampleBody(c, { name: '', customerId: '' }));
    assert.equal(two.body.code, 'NAME_MUST_BE_NOT_BLANK', 'the first rule broken');
    assert.deepEqual(
      two.body.details.map((d: { field: string }) => d.field),
      ['name', 'customerId'],
    );
  });

  it('references must exist (*_NOT_FOUND, 400) in their own catalogue and be active (*_NOT_FOUND_OR_INACTIVE)', async () => {
    const refs: [string, keyof Catalogues['active'], string, string][] = [
      ['seasonId', 'seasons', 'SEASON_NOT_FOUND', 'SEASON_NOT_FOUND_OR_INACTIVE'],
      ['stageId', 'stages', 'STAGE_NOT_FOUND', 'STAGE_NOT_FOUND_OR_INACTIVE'],
      ['typeId', 'types', 'TYPE_NOT_FOUND', 'TYPE_NOT_FOUND_OR_INACTIVE'],
      ['sizeId', 'sizes', 'SIZE_NOT_FOUND', 'SIZE_NOT_FOUND_OR_INACTIVE'],
      ['genderId', 'genders', 'GENDER_NOT_FOUND', 'GENDER_NOT_FOUND_OR_INACTIVE'],
      ['categoryId', 'categories', 'CATEGORY_NOT_FOUND', 'CATEGORY_NOT_FOUND_OR_INACTIVE'],
      ['customerId', 'customers', 'CUSTOMER_NOT_FOUND', 'CUSTOMER_NOT_FOUND_OR_INACTIVE'],
      ['currentZoneId', 'zones', 'ZONE_NOT_FOUND', 'ZONE_NOT_FOUND_OR_INACTIVE'],
    ];
    const other = (key: string) => (key === 'seasons' ? c.active.sizes[0] : c.active.seasons[0]);
    for (const [field, key, notFound, inactive] of refs) {
      for (const [value, code] of [
        [randomUUID(), notFound],
        ['not-an-id', notFound],
        [other(key), notFound],
        [c.inactive[key], inactive],
      ]) {
        const res = await post(sampleBody(c, { [field]: value }));
        assert.equal(res.status, 400, `${field}=${value}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, code, `${field}=${value}`);
        assert.equal(res.body.details[0].field, field);
      }
    }
    const side = await post(sampleBody(c, { side: 'MIDDLE' }));
    assert.deepEqual([side.status, side.body.code], [400, 'SIDE_NOT_FOUND']);
    const right = await createSample(t, admin, sampleBody(c, { side: 'Right' }));
    assert.equal(right.side, 'RIGHT');
  });

  it('texts are at most 50 characters', async () => {
    for (const field of ['name', 'modelName', 'artNumber', 'color']) {
      const res = await post(sampleBody(c, { [field]: 'x'.repeat(51) }));
      assert.equal(res.status, 400);
      assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
      assert.deepEqual([res.body.details[0].field, res.body.details[0].rule, res.body.details[0].limit], [field, 'too_big', 50]);
    }
    await createSample(t, admin, sampleBody(c, { name: 'n'.repeat(50), modelName: 'm'.repeat(50), artNumber: 'a'.repeat(50), color: 'c'.repeat(50) }));
  });

  it('update replaces the fields with expectedVersion; a stale version is CONCURRENCY_CONFLICT; an unchanged reference may be inactive now', async () => {
    const s = await createSample(t, admin, sampleBody(c));
    const put = (id: string, body: object, version?: number) => t.api(admin).put(`/api/samples/${id}${version !== undefined ? `?expectedVersion=${version}` : ''}`).send(body);
    const changed = await put(s.id, sampleBody(c, { name: 'Dép lê', side: 'RIGHT', genderId: null }, 1), 1);
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const u = changed.body as SampleView;
    assert.deepEqual([u.sampleCode, u.name, u.side, u.genderId, u.seasonName, u.version], [s.sampleCode, 'Dép lê', 'RIGHT', null, 'Thu Đông 2026', 2]);
    assert.ok(u.updatedAt > s.updatedAt);
    const stale = await put(s.id, sampleBody(c, { name: 'Cũ' }), 1);
    assert.deepEqual([stale.status, stale.body.code], [409, 'CONCURRENCY_CONFLICT']);
    const same = await put(s.id, sampleBody(c, { name: 'Dép lê', side: 'RIGHT', genderId: null }, 1));
    assert.equal(same.body.version, 2, 'an update that changes nothing appends nothing');
    const recode = await put(s.id, sampleBody(c, { sampleCode: 'MAU-99' }));
    assert.equal(recode.body.sampleCode, 'MAU-99');
    const taken = await put(s.id, sampleBody(c, { sampleCode: 'MAU-01' }));
    assert.deepEqual([taken.status, taken.body.code], [409, 'SAMPLE_EXISTS']);

    // a season deactivated after the sample chose it
    const season = (await t.api(admin).post('/api/master-data/seasons').send({ code: 'SS-OLD', name: 'Sắp hủy' }).expect(201)).body.id as string;
    const old = await createSample(t, admin, sampleBody(c, { seasonId: season }));
    await t.api(admin).post(`/api/master-data/seasons/${season}/deactivate`).expect(200);
    const keep = await put(old.id, sampleBody(c, { seasonId: season, color: 'Xanh' }));
    assert.equal(keep.status, 200, JSON.stringify(keep.body));
    const choose = await put(s.id, sampleBody(c, { seasonId: season }));
    assert.deepEqual([choose.status, choose.body.code], [400, 'SEASON_NOT_FOUND_OR_INACTIVE']);
    const blank = await put(s.id, sampleBody(c, { artNumber: ' ' }));
    assert.deepEqual([blank.status, blank.body.code], [400, 'ART_MUST_BE_NOT_BLANK']);
    const unknown = await put(randomUUID(), sampleBody(c));
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'NOT_FOUND']);
  });

  it('delete: 204, then gone from detail, list and updates, its code free again; its history stays in the event store', async () => {
    const s = await createSample(t, admin, sampleBody(c, { sampleCode: 'XOA-1', name: 'Sẽ bị xóa' }));
    await t.api(admin).delete(`/api/samples/${s.id}`).expect(204);
    for (const res of [
      await t.api(admin).get(`/api/samples/${s.id}`),
      await t.api(admin).get(`/api/samples/${s.id}/history`),
      await t.api(admin).put(`/api/samples/${s.id}`).send(sampleBody(c)),
      await t.api(admin).delete(`/api/samples/${s.id}`),
      await t.api(admin).delete(`/api/samples/${randomUUID()}`),
    ]) {
      assert.deepEqual([res.status, res.body.code], [404, 'NOT_FOUND']);
    }
    assert.equal((await t.api(admin).get('/api/samples?q=XOA-1').expect(200)).body.total, 0);
    await createSample(t, admin, sampleBody(c, { sampleCode: 'XOA-1' }));
    const events = await t.platform.store.readStream(`sample-${s.id}`);
    assert.deepEqual(
      events.map((e) => e.type),
      ['SampleRegistered', 'SampleDeleted'],
    );
  });

  it("history: the sample's timeline, newest first, typed entries with actor; an update names the fields it changed, master data by name", async () => {
    const s = await createSample(t, admin, sampleBody(c, { name: 'Có lịch sử' }));
    await t
      .api(admin)
      .put(`/api/samples/${s.id}`)
      .send(sampleBody(c, { name: 'Đã sửa', seasonId: c.active.seasons[1], stageId: null, side: 'right', color: '' }))
      .expect(200);
    const res = await t.api(admin).get(`/api/samples/${s.id}/history`).expect(200);
    const history = sampleTimeline.parse(res.body);
    assert.deepEqual(
      history.map((h) => [h.action, h.actor.name, h.actor.kind]),
      [
        ['SampleUpdated', 'admin', 'user'],
        ['SampleRegistered', 'admin', 'user'],
      ],
    );
    assert.ok(history[0]!.id > history[1]!.id);
    assert.equal(history[0]!.action, 'SampleUpdated');
    assert.deepEqual(history[0]!.action === 'SampleUpdated' && history[0]!.changes, [
      { field: 'name', from: 'Có lịch sử', to: 'Đã sửa' },
      { field: 'seasonId', from: 'Xuân Hè 2026', to: 'Thu Đông 2026' },
      { field: 'stageId', from: 'Proto', to: null },
      { field: 'side', from: 'LEFT', to: 'RIGHT' },
      { field: 'color', from: 'Đỏ tươi', to: null },
    ]);
    // the server answers typed entries only: no raw event payload reaches the browser
    assert.deepEqual(Object.keys(res.body[1]).sort(), ['action', 'actor', 'id', 'recordedAt']);
    assert.ok(!Number.isNaN(Date.parse(history[0]!.recordedAt)));
  });

  it('list: a filter per attribute, linked or not, text search over code, name, model, art and colour; sorting and paging', async () => {
    const tagged: SampleView[] = [];
    for (let i = 0; i < 12; i++) {
      const n = (i % 2) as 0 | 1;
      tagged.push(
        await createSample(
          t,
          admin,
          sampleBody(c, { sampleCode: `LST-${String(i).padStart(2, '0')}`, name: `Lọc ${i}`, modelName: `Model ${i % 3}`, artNumber: `ART-L${i}`, color: i === 5 ? 'Hồng 100%' : 'Trắng', side: i < 4 ? 'RIGHT' : 'LEFT' }, n),
        ),
      );
    }
    const get = async (query: string) => {
      const res = await t.api(admin).get(`/api/samples?${query}`);
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
      return res.body as { data: SampleView[]; total: number; page: number; size: number };
    };
    const codes = (b: { data: SampleView[] }) => b.data.map((s) => s.sampleCode);
    const all = await get('q=LST-&sort=sampleCode:asc&size=20');
    assert.deepEqual([all.total, all.page, all.size], [12, 1, 20]);
    assert.deepEqual(codes(all), tagged.map((s) => s.sampleCode));
    const second = c.active;
    for (const [param, id] of [
      ['seasonId', second.seasons[1]],
      ['stageId', second.stages[1]],
      ['typeId', second.types[1]],
      ['sizeId', second.sizes[1]],
      ['genderId', second.genders[1]],
      ['categoryId', second.categories[1]],
      ['customerId', second.customers[1]],
      ['zoneId', second.zones[1]],
    ]) {
      assert.deepEqual(codes(await get(`q=LST-&${param}=${id}&sort=sampleCode:asc`)), ['LST-01', 'LST-03', 'LST-05', 'LST-07', 'LST-09', 'LST-11'], param);
    }
    assert.deepEqual(codes(await get('q=LST-&side=RIGHT&sort=sampleCode:desc')), ['LST-03', 'LST-02', 'LST-01', 'LST-00']);
    assert.deepEqual(codes(await get(`q=LST-&side=RIGHT&seasonId=${second.seasons[0]}&sort=sampleCode:asc`)), ['LST-00', 'LST-02']);
    assert.equal((await get('q=LST-&linked=true')).total, 0);
    assert.equal((await get('q=LST-&linked=false')).total, 12);
    assert.deepEqual(codes(await get('q=100%25')), ['LST-05'], 'search in colour, % literal');
    assert.deepEqual(codes(await get('q=art-l1&sort=sampleCode:asc')), ['LST-01', 'LST-10', 'LST-11'], 'art number, any case');
    assert.deepEqual(codes(await get('q=lọc 1&sort=sampleCode:asc')), ['LST-01', 'LST-10', 'LST-11'], 'name');
    assert.equal((await get('q=Model 2')).total, 4, 'model name');
    const page2 = await get('q=LST-&sort=name:asc&page=2&size=10');
    assert.deepEqual([page2.total, page2.data.length], [12, 2]);
    assert.equal(codes(await get('q=LST-'))[0], 'LST-11', 'default order: last updated first');
    assert.equal(codes(await get('q=LST-&sort=createdAt:asc'))[0], 'LST-00');
    assert.equal((await get('q=LST-&sort=modelName:desc')).data[0]!.modelName, 'Model 2');
    assert.equal(codes(await get('q=LST-&sort=artNumber:asc'))[0], 'LST-00');
    assert.equal((await get('q=LST-&sort=usageCount:desc')).total, 12);
    // the unfiltered totals come from kept counts: they agree with counting
    const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from samples where deleted_at is null`.execute(t.platform.db);
    assert.equal((await get('')).total, counted[0]!.n);
    assert.equal((await get('linked=false')).total, counted[0]!.n);
    assert.deepEqual([(await get('page=1000')).data, (await get('page=1000')).total], [[], counted[0]!.n], 'a page past the end is empty');
    for (const bad of ['q=a', 'size=15', 'page=0', 'sort=color:asc', 'side=UP', 'linked=yes', 'seasonId=x']) {
      const res = await t.api(admin).get(`/api/samples?${bad}`);
      assert.deepEqual([res.status, res.body.code], [400, 'BAD_REQUEST_ERROR'], bad);
    }
  });

  it('each route answers to its permission only: LIST, DETAIL (detail, history), CREATE (create, import), UPDATE (update, delete), DOWNLOAD (template, export)', async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Sample clerks', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'sampler', password: 'secret1', fullName: 'Sampler', groupId: group.body.id }).expect(201);
    const clerk = await t.login('sampler', 'secret1');
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group.body.id}/permissions`).send({ permissions }).expect(200);
    const s = await createSample(t, admin, sampleBody(c));
    const calls = {
      list: () => t.api(clerk).get('/api/samples'),
      detail: () => t.api(clerk).get(`/api/samples/${s.id}`),
      history: () => t.api(clerk).get(`/api/samples/${s.id}/history`),
      create: () => t.api(clerk).post('/api/samples').send(sampleBody(c)),
      import: () => t.api(clerk).post('/api/samples/import'),
      update: () => t.api(clerk).put(`/api/samples/${s.id}`).send(sampleBody(c, { color: 'Tím' })),
      delete: () => t.api(clerk).delete(`/api/samples/${randomUUID()}`),
      template: () => t.api(clerk).get('/api/samples/template'),
      export: () => t.api(clerk).get('/api/samples/export'),
    };
    const needs: Record<keyof typeof calls, PermissionCode> = {
      list: 'SAMPLE_MANAGEMENT_SAMPLE_LIST',
      detail: 'SAMPLE_MANAGEMENT_SAMPLE_DETAIL',
      history: 'SAMPLE_MANAGEMENT_SAMPLE_DETAIL',
      create: 'SAMPLE_MANAGEMENT_SAMPLE_CREATE',
      import: 'SAMPLE_MANAGEMENT_SAMPLE_CREATE',
      update: 'SAMPLE_MANAGEMENT_SAMPLE_UPDATE',
      delete: 'SAMPLE_MANAGEMENT_SAMPLE_UPDATE',
      template: 'SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD',
      export: 'SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD',
    };
    await assertEachCallNeeds(calls, needs, grant);
  });

  it('the OpenAPI document describes every sample route', async () => {
    const doc = (await t.api().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['', '/template', '/export', '/import', '/{id}', '/{id}/history']) assert.ok(doc.paths[`/api/samples${path}`], `samples${path}`);
    assert.ok(doc.paths['/api/samples/{id}']!.delete);
    // the timeline's response is the typed entries of the contract, one kind per action
    type Schema = { type?: string; items?: Schema; oneOf?: Schema[]; anyOf?: Schema[]; properties?: Record<string, Schema & { const?: string; enum?: string[] }>; required?: string[] };
    const history = doc.paths['/api/samples/{id}/history']!.get as { responses: Record<string, { content: Record<string, { schema: Schema }> }> };
    const timeline = history.responses['200']!.content['application/json']!.schema;
    const kinds = timeline.items!.oneOf ?? timeline.items!.anyOf ?? [];
    assert.deepEqual(
      kinds.map((k) => [k.properties!.action!.const ?? k.properties!.action!.enum!.join('|'), Object.keys(k.properties!).sort()]),
      [
        ['SampleRegistered', ['action', 'actor', 'id', 'recordedAt']],
        ['SampleUpdated', ['action', 'actor', 'changes', 'id', 'recordedAt']],
        ['TagLinked', ['action', 'actor', 'id', 'recordedAt', 'tagCode']],
        ['TagUnlinked', ['action', 'actor', 'id', 'reason', 'recordedAt', 'tagCode']],
        ['TicketClosed|TicketRolledBack', ['action', 'actor', 'direction', 'id', 'moved', 'recordedAt', 'ticketCode', 'ticketId']],
        ['GatePassDecided', ['action', 'actor', 'decision', 'gateCode', 'id', 'passDirection', 'permitCode', 'recordedAt']],
        ['StocktakeClosed', ['action', 'actor', 'id', 'recordedAt', 'result', 'stocktakeCode', 'stocktakeId']],
      ],
    );
  });

  it('rebuilding the projections gives the same samples rows, counts and search keys', async () => {
    const rows = async () => [
      ...(await sql`select * from samples order by id`.execute(t.platform.db)).rows,
      ...(await sql`select * from sample_counts`.execute(t.platform.db)).rows,
      ...(await sql`select * from sample_search_keys order by sample_id`.execute(t.platform.db)).rows,
    ];
    const live = await rows();
    assert.ok(live.length > 20, `${live.length} rows`);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await rows(), live);
    await sql`update samples set name = 'tampered', usage_count = 7`.execute(t.platform.db);
    await sql`update sample_search_keys set search_key = 'tampered', deleted = not deleted`.execute(t.platform.db);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['samples']);
    assert.deepEqual(await rows(), live);
  });
});
