import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { CATALOGUE_NAMES, MASTER_DATA_CATALOGUES, MASTER_DATA_KEYS, type MasterDataItem, type PermissionCode, type SystemLogEntry } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { type TestApp } from '@rfid/backend/testing/test-app';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { sql } from 'kysely';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid code of the catalogue: zone ids are uppercase letters and digits. */
const codeFor = (key: string, n: number | string) => (key === 'zones' ? `Z${n}` : `${key.slice(0, 3)}-${n}`);

async function masterDataRows(t: TestApp): Promise<unknown[]> {
  return (await sql`select * from master_data_items order by id`.execute(t.platform.db)).rows;
}

describe('master data: the eight catalogues over HTTP', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));

  const url = (key: string, rest = '') => `/api/master-data/${key}${rest}`;
  const create = (key: string, body: object) => t.api(admin).post(url(key)).send(body);

  it('each catalogue: create, detail, list, update, deactivate, activate; another catalogue does not see its items', async () => {
    for (const c of MASTER_DATA_CATALOGUES) {
      const created = await create(c.key, { code: codeFor(c.key, 1), name: `Tên ${c.key} một`, description: 'Mô tả có dấu' });
      assert.equal(created.status, 201, `${c.key}: ${JSON.stringify(created.body)}`);
      const item = created.body as MasterDataItem;
      assert.deepEqual(
        { code: item.code, name: item.name, description: item.description, status: item.status, version: item.version },
        { code: codeFor(c.key, 1), name: `Tên ${c.key} một`, description: 'Mô tả có dấu', status: 'ACTIVE', version: 1 },
      );
      assert.ok(item.createdAt && item.updatedAt && item.id);

      assert.deepEqual((await t.api(admin).get(url(c.key, `/${item.id}`)).expect(200)).body, item);
      const list = await t.api(admin).get(url(c.key)).expect(200);
      assert.deepEqual(list.body, { data: [item], total: 1, page: 1, size: 10 }, `${c.key} lists only its own items`);

      const updated = await t.api(admin).put(url(c.key, `/${item.id}?expectedVersion=1`)).send({ code: codeFor(c.key, 2), name: `Tên ${c.key} hai` });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.code, codeFor(c.key, 2));
      assert.equal(updated.body.description, null, 'an update without a description clears it');
      assert.equal(updated.body.status, 'ACTIVE', 'an update without a status keeps it');
      assert.equal(updated.body.version, 2);

      const off = await t.api(admin).post(url(c.key, `/${item.id}/deactivate`)).expect(200);
      assert.deepEqual([off.body.status, off.body.version], ['INACTIVE', 3]);
      const on = await t.api(admin).post(url(c.key, `/${item.id}/activate`)).expect(200);
      assert.deepEqual([on.body.status, on.body.version], ['ACTIVE', 4]);

      const other = MASTER_DATA_CATALOGUES.find((o) => o.key !== c.key)!;
      for (const res of [
        await t.api(admin).get(url(other.key, `/${item.id}`)),
        await t.api(admin).put(url(other.key, `/${item.id}`)).send({ code: codeFor(other.key, 9), name: 'x' }),
        await t.api(admin).post(url(other.key, `/${item.id}/deactivate`)),
        await t.api(admin).get(url(c.key, `/${randomUUID()}`)),
      ]) {
        assert.equal(res.status, 404, `${c.key} item through ${other.key}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'NOT_FOUND');
      }
    }
  });

  it('each event names its catalogue, with the actor, in the system log', async () => {
    const res = await t.api(admin).get('/api/system-logs?action=MasterDataItemCreated&size=50').expect(200);
    assert.equal(res.body.total, 8);
    const entries = res.body.data as SystemLogEntry[];
    assert.deepEqual(new Set(entries.map((e) => e.record.kind)), new Set(MASTER_DATA_KEYS.map((k) => CATALOGUE_NAMES[k].en.one)), 'each record is of its catalogue');
    const zone = entries.find((e) => e.record.kind === 'Location')!;
    assert.equal(zone.actor.name, 'admin');
    assert.equal(zone.streamType, 'master-data-item');
  });

  it('each catalogue answers to its own permission codes only: LIST, DETAIL, CREATE, UPDATE', async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Catalogue clerks', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'clerk', password: 'secret1', fullName: 'Clerk', groupId: group.body.id }).expect(201);
    const clerk = await t.login('clerk', 'secret1');
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group.body.id}/permissions`).send({ permissions }).expect(200);
    for (const c of MASTER_DATA_CATALOGUES) {
      const item = (await t.api(admin).get(url(c.key)).expect(200)).body.data[0] as MasterDataItem;
      const calls = {
        list: () => t.api(clerk).get(url(c.key)),
        export: () => t.api(clerk).get(url(c.key, '/export')),
        template: () => t.api(clerk).get(url(c.key, '/template')),
        detail: () => t.api(clerk).get(url(c.key, `/${item.id}`)),
        create: () => t.api(clerk).post(url(c.key)).send({ code: codeFor(c.key, 'P'), name: `Quyền ${c.key}` }),
        import: () => t.api(clerk).post(url(c.key, '/import')),
        update: () => t.api(clerk).put(url(c.key, `/${item.id}`)).send({ code: item.code, name: item.name }),
        deactivate: () => t.api(clerk).post(url(c.key, `/${item.id}/deactivate`)),
        activate: () => t.api(clerk).post(url(c.key, `/${item.id}/activate`)),
      };
      const needs: Record<keyof typeof calls, PermissionCode> = {
        list: c.permissions.list,
        export: c.permissions.list,
        template: c.permissions.list,
        detail: c.permissions.detail,
        create: c.permissions.create,
        import: c.permissions.create,
        update: c.permissions.update,
        deactivate: c.permissions.update,
        activate: c.permissions.update,
      };
      // the same actions of every other catalogue let nothing through
      const others = MASTER_DATA_CATALOGUES.filter((o) => o.key !== c.key).flatMap((o) => Object.values(o.permissions));
      await grant(others);
      for (const [name, call] of Object.entries(calls)) {
        const res = await call();
        assert.equal(res.status, 403, `${c.key} ${name} with the other catalogues' codes`);
      }
      for (const code of Object.values(c.permissions)) {
        await grant([code]);
        for (const [name, call] of Object.entries(calls)) {
          const res = await call();
          if (needs[name as keyof typeof calls] === code) assert.ok(![401, 403].includes(res.status), `${c.key} ${name} with ${code}: ${res.status}`);
          else assert.equal(res.status, 403, `${c.key} ${name} with only ${code}`);
        }
      }
    }
    assert.equal(MASTER_DATA_CATALOGUES.find((c) => c.key === 'seasons')!.permissions.create, 'MASTER_DATA_SESSION_CREATE');
  });

  it('names are unique per catalogue ignoring case: NAME_EXISTS, on create and on update', async () => {
    await create('sizes', { code: 'S', name: 'Cỡ Nhỏ' }).expect(201);
    const dup = await create('sizes', { code: 'S2', name: 'CỠ NHỎ' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'NAME_EXISTS');
    const decomposed = await create('sizes', { code: 'S3', name: 'cỡ nhỏ'.normalize('NFD') });
    assert.equal(decomposed.body.code, 'NAME_EXISTS', 'the same letters typed with combining marks');
    await create('genders', { code: 'S', name: 'Cỡ Nhỏ' }).expect(201);
    const other = (await create('sizes', { code: 'M', name: 'Cỡ Vừa' }).expect(201)).body as MasterDataItem;
    const rename = await t.api(admin).put(url('sizes', `/${other.id}`)).send({ code: 'M', name: 'cỡ nhỏ' });
    assert.equal(rename.status, 409);
    assert.equal(rename.body.code, 'NAME_EXISTS');
    assert.equal((await t.api(admin).get(url('sizes', `/${other.id}`))).body.name, 'Cỡ Vừa', 'the refused update changed nothing');
  });

  it('codes are unique per catalogue ignoring case: ZONE_ID_EXISTS for zones, ID_EXISTS for the others', async () => {
    await create('zones', { code: 'KHO1', name: 'Kho một' }).expect(201);
    const zone = await create('zones', { code: 'KHO1', name: 'Kho khác' });
    assert.equal(zone.status, 409);
    assert.equal(zone.body.code, 'ZONE_ID_EXISTS');
    await create('seasons', { code: 'ss26', name: 'Xuân Hè 2026' }).expect(201);
    const season = await create('seasons', { code: 'SS26', name: 'Thu Đông 2026' });
    assert.equal(season.status, 409);
    assert.equal(season.body.code, 'ID_EXISTS');
    await create('stages', { code: 'SS26', name: 'Giai đoạn SS26' }).expect(201);
    await create('categories', { code: 'KHO1', name: 'Danh mục KHO1' }).expect(201);
  });

  it('a zone id is 2 to 100 uppercase letters and digits; other codes letters, digits and . _ -', async () => {
    const rule = async (key: string, code: string) => {
      const res = await create(key, { code, name: `Mã ${key} ${code.length} ${code.slice(0, 5)}` });
      assert.equal(res.status, 400, `${key} ${code}: ${res.status}`);
      assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
      assert.equal(res.body.details[0].field, 'code');
      return res.body.details[0].rule as string;
    };
    assert.equal(await rule('zones', 'A'), 'too_small');
    assert.equal(await rule('zones', 'Z'.repeat(101)), 'too_big');
    assert.equal(await rule('zones', 'kho2'), 'invalid_format');
    assert.equal(await rule('zones', 'KHO-2'), 'invalid_format');
    assert.equal(await rule('types', 'loại 1'), 'invalid_format');
    assert.equal(await rule('types', 'x'.repeat(51)), 'too_big');
    await create('zones', { code: 'K2', name: 'Hai ký tự' }).expect(201);
    await create('zones', { code: 'Z'.repeat(100), name: 'Một trăm ký tự' }).expect(201);
    await create('types', { code: 'T_1.a-b', name: 'Loại có dấu chấm' }).expect(201);
  });

  it('the name is required and not blank, at most 50 characters; the description at most 50; the status ACTIVE or INACTIVE', async () => {
    const field = async (body: object) => {
      const res = await create('customers', body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
      return (res.body.details as { field: string; rule: string }[]).map((d) => `${d.field}:${d.rule}`);
    };
    assert.deepEqual(await field({ code: 'C1', name: '   ' }), ['name:too_small']);
    assert.deepEqual(await field({ code: 'C1' }), ['name:invalid_type']);
    assert.deepEqual(await field({ code: 'C1', name: 'n'.repeat(51) }), ['name:too_big']);
    assert.deepEqual(await field({ code: 'C1', name: 'ok', description: 'd'.repeat(51) }), ['description:too_big']);
    assert.deepEqual(await field({ code: 'C1', name: 'ok', status: 'DELETED' }), ['status:invalid_value']);
    assert.deepEqual(await field({ name: 'ok' }), ['code:invalid_type']);
    const inactive = await create('customers', { code: 'C1', name: '  Công ty Á Đông  ', status: 'INACTIVE' }).expect(201);
    assert.deepEqual([inactive.body.name, inactive.body.status], ['Công ty Á Đông', 'INACTIVE']);
    await create('customers', { code: 'C2', name: 'n'.repeat(50), description: 'd'.repeat(50) }).expect(201);
  });

  it('deactivate and activate are idempotent; an update may change the status too', async () => {
    const item = (await create('categories', { code: 'GIAY', name: 'Giày' }).expect(201)).body as MasterDataItem;
    const off = (await t.api(admin).post(url('categories', `/${item.id}/deactivate`)).expect(200)).body as MasterDataItem;
    const again = (await t.api(admin).post(url('categories', `/${item.id}/deactivate`)).expect(200)).body as MasterDataItem;
    assert.equal(again.status, 'INACTIVE');
    assert.equal(again.version, off.version, 'repeating it appended nothing');
    const on = (await t.api(admin).post(url('categories', `/${item.id}/activate`)).expect(200)).body as MasterDataItem;
    assert.equal((await t.api(admin).post(url('categories', `/${item.id}/activate`)).expect(200)).body.version, on.version);
    const both = await t.api(admin).put(url('categories', `/${item.id}`)).send({ code: 'GIAY', name: 'Giày dép', status: 'INACTIVE' }).expect(200);
    assert.deepEqual([both.body.name, both.body.status, both.body.version], ['Giày dép', 'INACTIVE', on.version + 2]);
    const same = await t.api(admin).put(url('categories', `/${item.id}`)).send({ code: 'GIAY', name: 'Giày dép', status: 'INACTIVE' }).expect(200);
    assert.equal(same.body.version, both.body.version, 'an update that changes nothing appends nothing');
  });

  it('list: text search on code, name and description (case-insensitive, literal), status filter, sorting and paging', async () => {
    for (let i = 1; i <= 12; i++) {
      await create('types', {
        code: `L${String(i).padStart(2, '0')}`,
        name: `Nhóm ${String.fromCharCode(77 - i)} ${i}`,
        description: i % 3 === 0 ? 'Hàng 100% cotton' : null,
        status: i % 4 === 0 ? 'INACTIVE' : 'ACTIVE',
      }).expect(201);
    }
    const get = async (query: string) => {
      const res = await t.api(admin).get(url('types', `?${query}`));
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
      return res.body as { data: MasterDataItem[]; total: number; page: number; size: number };
    };
    const codes = (body: { data: MasterDataItem[] }) => body.data.map((i) => i.code);

    const page1 = await get('q=l0&sort=code:asc');
    assert.deepEqual([page1.total, page1.page, page1.size], [9, 1, 10]);
    assert.deepEqual(codes(page1), ['L01', 'L02', 'L03', 'L04', 'L05', 'L06', 'L07', 'L08', 'L09']);
    const page2 = await get('q=Nh&sort=code:asc&page=2&size=10');
    assert.deepEqual([page2.total, page2.page, codes(page2)], [12, 2, ['L11', 'L12']]);
    assert.deepEqual(codes(await get('q=NHÓM%20K&sort=code:asc')), ['L02'], 'case-insensitive, Vietnamese letters kept');
    assert.deepEqual(codes(await get('q=100%25&sort=code:asc')), ['L03', 'L06', 'L09', 'L12'], '"%" is a literal percent, found in descriptions');
    assert.equal((await get('q=1_0')).total, 0, '"_" is a literal underscore');
    assert.deepEqual(codes(await get('status=INACTIVE&sort=code:desc')), ['L12', 'L08', 'L04']);
    assert.deepEqual(codes(await get('q=100%25&status=ACTIVE&sort=code:asc')), ['L03', 'L06', 'L09']);

    const byName = await get('q=Nhóm&size=20');
    assert.deepEqual(byName.data.map((i) => i.name), [...byName.data.map((i) => i.name)].sort(), 'default order: name ascending');
    assert.equal(byName.data[0]!.code, 'L12', '"Nhóm A 12" first');
    assert.equal(codes(await get('q=Nhóm&size=20&sort=name:desc'))[0], 'L01');
    assert.deepEqual(codes(await get('q=Nhóm&size=20&sort=status:desc')).slice(0, 3).sort(), ['L04', 'L08', 'L12']);
    assert.equal(codes(await get('q=Nhóm&size=20&sort=createdAt:desc'))[0], 'L12');
    assert.equal(codes(await get('q=Nhóm&size=20&sort=updatedAt:asc'))[0], 'L01');

    for (const bad of ['q=a', 'size=15', 'page=0', 'sort=description:asc', 'sort=name', 'status=DELETED']) {
      const res = await t.api(admin).get(url('types', `?${bad}`));
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
    }
  });

  it('an update made against an old version is a 409 CONCURRENCY_CONFLICT; an unknown id stays a 404', async () => {
    const item = (await create('stages', { code: 'PROTO', name: 'Proto' }).expect(201)).body as MasterDataItem;
    await t.api(admin).put(url('stages', `/${item.id}?expectedVersion=${item.version}`)).send({ code: 'PROTO', name: 'Proto 1' }).expect(200);
    const stale = await t.api(admin).put(url('stages', `/${item.id}?expectedVersion=${item.version}`)).send({ code: 'PROTO', name: 'Proto 2' });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'CONCURRENCY_CONFLICT');
    assert.equal((await t.api(admin).get(url('stages', `/${item.id}`))).body.name, 'Proto 1');
    const unknown = await t.api(admin).put(url('stages', `/${randomUUID()}?expectedVersion=1`)).send({ code: 'X', name: 'x' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'NOT_FOUND');
    assert.equal((await t.api(admin).get(url('stages', '/not-a-uuid'))).status, 400);
  });

  it('the OpenAPI document describes every catalogue route, the import as a multipart upload and the files as .xlsx', async () => {
    const doc = (await t.api().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, any>> };
    for (const c of MASTER_DATA_CATALOGUES) {
      for (const path of ['', '/template', '/export', '/import', '/{id}', '/{id}/deactivate', '/{id}/activate']) {
        assert.ok(doc.paths[`/api/master-data/${c.key}${path}`], `${c.key}${path} is documented`);
      }
    }
    const imp = doc.paths['/api/master-data/zones/import']!.post;
    assert.ok(imp.requestBody.content['multipart/form-data'], 'multipart');
    assert.ok(doc.paths['/api/master-data/zones/export']!.get.responses['200'].content[XLSX]);
    const create = doc.paths['/api/master-data/zones']!.post.requestBody.content['application/json'].schema;
    assert.equal(create.properties.code.pattern, '^[A-Z0-9]+$');
  });

  it('rebuilding the projections gives the same master_data_items rows', async () => {
    const live = await masterDataRows(t);
    assert.ok(live.length > 30);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await masterDataRows(t), live);
    await sql`update master_data_items set description = 'tampered', status = 'INACTIVE'`.execute(t.platform.db);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['master-data']);
    assert.deepEqual(await masterDataRows(t), live);
  });
});
