import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ImportRowError, PermissionCode, TagView } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { XLSX, binary, sheetOf } from './excel-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { assertEachCallNeeds } from './permission-fixtures.js';

/** GS1's SGTIN-96 example. */
const SGTIN = '3074257BF7194E4000001A85';

/** A valid tag code: 'E2' and `n` as hexadecimal, 24 digits. */
const tag = (prefix: string, n: number) => `${prefix}${n.toString(16).toUpperCase().padStart(24 - prefix.length, '0')}`;

describe('RFID tags over HTTP', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));

  const register = (body: object) => t.api(admin).post('/api/rfid-tags').send(body);
  const detail = async (code: string) => (await t.api(admin).get(`/api/rfid-tags/${code}`).expect(200)).body as TagView;
  const list = async (query: string) => {
    const res = await t.api(admin).get(`/api/rfid-tags?${query}`);
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    return res.body as { data: TagView[]; total: number; page: number; size: number };
  };

  it('register one: stored upper-case without spaces or dashes, available, not locked; an SGTIN-96 is decoded', async () => {
    const res = await register({ codes: ['3074 257b-f719 4e40 0000 1a85'] });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body, { created: 1 });
    const tagView = await detail(SGTIN);
    assert.deepEqual(
      { code: tagView.code, state: tagView.state, locked: tagView.locked, sampleId: tagView.sampleId, sampleCode: tagView.sampleCode, container: tagView.container, version: tagView.version },
      { code: SGTIN, state: 'UNLINK', locked: false, sampleId: null, sampleCode: null, container: null, version: 1 },
    );
    assert.deepEqual(tagView.sgtin, { filter: 3, partition: 5, companyPrefix: '0614141', itemReference: '812345', serial: '6789', uri: 'urn:epc:id:sgtin:0614141.812345.6789' });
    assert.deepEqual(await detail(SGTIN.toLowerCase()), tagView, 'the path takes a code in any case');
    await register({ codes: ['E2801160'] }).expect(201);
    assert.equal((await detail('E2801160')).sgtin, null, 'not an SGTIN-96');
  });

  it('register a list of 1,000 with a container, all in one go; 1,001 or none is a 400', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) => tag('E2B', i));
    const res = await register({ codes, container: { name: 'Container 7', box: 'Thùng 3', cart: '' } });
    assert.equal(res.status, 201, JSON.stringify(res.body).slice(0, 300));
    assert.deepEqual(res.body, { created: 1000 });
    assert.deepEqual((await detail(codes[999]!)).container, { name: 'Container 7', box: 'Thùng 3', cart: null });
    assert.equal((await list('q=E2B')).total, 1000);
    for (const [codesOf, rule] of [
      [Array.from({ length: 1001 }, (_, i) => tag('E2C', i)), 'too_big'],
      [[], 'too_small'],
    ] as const) {
      const r = await register({ codes: codesOf });
      assert.deepEqual([r.status, r.body.code, r.body.details[0].field, r.body.details[0].rule], [400, 'BAD_REQUEST_ERROR', 'codes', rule]);
    }
    const long = await register({ codes: [tag('E2D', 1)], container: { name: 'x'.repeat(51) } });
    assert.deepEqual([long.status, long.body.details[0].field, long.body.details[0].rule], [400, 'container.name', 'too_big']);
    assert.equal((await list('q=E2C')).total + (await list('q=E2D')).total, 0);
  });

  it('a code is hexadecimal, whole 16-bit words, at most 496 bits: each wrong one named by its index; nothing registered', async () => {
    const res = await register({ codes: ['E2AA0001', 'XYZ1', '', 'ABC', 'E2AA0002', 'A'.repeat(128)] });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'TAG_NOT_VALID', 'the first problem');
    assert.deepEqual(res.body.details, [
      { index: 1, code: 'XYZ1', error: 'TAG_NOT_VALID' },
      { index: 2, code: '', error: 'RFID_NOT_BLANK' },
      { index: 3, code: 'ABC', error: 'TAG_NOT_VALID' },
      { index: 5, code: 'A'.repeat(128), error: 'TAG_NOT_VALID' },
    ]);
    const blank = await t.api(admin).post('/api/rfid-tags').set('accept-language', 'vi').send({ codes: ['  ', 'E2AA0003'] });
    assert.deepEqual([blank.status, blank.body.code, blank.body.message], [400, 'RFID_NOT_BLANK', 'Mã RFID không được để trống']);
    assert.equal((await list('q=E2AA')).total, 0);
    await register({ codes: ['A'.repeat(124)] }).expect(201);
  });

  it('a code twice in one request is DUPLICATE_RFID (400); a code registered already RFID_EXISTS (409); both write nothing', async () => {
    const dup = await register({ codes: ['E2DD0001', 'BBBB', 'e2dd-0001', 'BBBB', 'CCCC'] });
    assert.equal(dup.status, 400);
    assert.equal(dup.body.code, 'DUPLICATE_RFID');
    assert.deepEqual(dup.body.details, [
      { code: 'E2DD0001', indexes: [0, 2] },
      { code: 'BBBB', indexes: [1, 3] },
    ]);
    await register({ codes: ['E2DD0001'] }).expect(201);
    const exists = await register({ codes: ['E2DD0002', 'e2dd0001'] });
    assert.equal(exists.status, 409);
    assert.equal(exists.body.code, 'RFID_EXISTS');
    assert.deepEqual(exists.body.details, [{ index: 1, code: 'E2DD0001' }]);
    assert.equal((await t.api(admin).get('/api/rfid-tags/E2DD0002')).status, 404, 'all or nothing');

    // the same new code registered by 6 requests at once: one wins, the others are told it exists
    const results = await Promise.all(Array.from({ length: 6 }, () => register({ codes: ['E2DD0009'] })));
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) assert.equal(r.body.code, 'RFID_EXISTS');
  });

  it('lock and unlock are idempotent; cancel makes the tag CANCELLED once; an unknown code is 404, a malformed one 400', async () => {
    await register({ codes: ['E2EE0001'] }).expect(201);
    const locked = (await t.api(admin).post('/api/rfid-tags/E2EE0001/lock').expect(200)).body as TagView;
    assert.deepEqual([locked.locked, locked.version], [true, 2]);
    assert.equal((await t.api(admin).post('/api/rfid-tags/e2ee0001/lock').expect(200)).body.version, 2, 'locking again appends nothing');
    const unlocked = (await t.api(admin).post('/api/rfid-tags/E2EE0001/unlock').expect(200)).body as TagView;
    assert.deepEqual([unlocked.locked, unlocked.version], [false, 3]);
    assert.equal((await t.api(admin).post('/api/rfid-tags/E2EE0001/unlock').expect(200)).body.version, 3);
    const cancelled = (await t.api(admin).post('/api/rfid-tags/E2EE0001/cancel').expect(200)).body as TagView;
    assert.deepEqual([cancelled.state, cancelled.version], ['CANCELLED', 4]);
    assert.equal((await t.api(admin).post('/api/rfid-tags/E2EE0001/cancel').expect(200)).body.version, 4);
    for (const action of ['', '/lock', '/unlock', '/cancel']) {
      const unknown = action ? await t.api(admin).post(`/api/rfid-tags/E2EE0999${action}`) : await t.api(admin).get('/api/rfid-tags/E2EE0999');
      assert.deepEqual([unknown.status, unknown.body.code], [404, 'NOT_FOUND'], `unknown${action}`);
      const bad = action ? await t.api(admin).post(`/api/rfid-tags/XYZ${action}`) : await t.api(admin).get('/api/rfid-tags/XYZ');
      assert.deepEqual([bad.status, bad.body.code], [400, 'TAG_NOT_VALID'], `malformed${action}`);
    }
    const events = await t.platform.store.readStream('rfid-tag-E2EE0001');
    assert.deepEqual(
      events.map((e) => [e.type, e.metadata.actor.name]),
      [
        ['TagRegistered', 'admin'],
        ['TagLocked', 'admin'],
        ['TagUnlocked', 'admin'],
        ['TagCancelled', 'admin'],
      ],
    );
  });

  it('list: search on the code in any case, filters state, usage (available = UNLINK), locked; sorting and paging', async () => {
    const codes = Array.from({ length: 6 }, (_, i) => tag('E2F', i));
    await register({ codes }).expect(201);
    await t.api(admin).post(`/api/rfid-tags/${codes[1]}/lock`).expect(200);
    await t.api(admin).post(`/api/rfid-tags/${codes[2]}/lock`).expect(200);
    await t.api(admin).post(`/api/rfid-tags/${codes[3]}/cancel`).expect(200);
    const of = (b: { data: TagView[] }) => b.data.map((x) => x.code);
    assert.deepEqual(of(await list('q=e2f&sort=code:asc')), codes);
    assert.deepEqual(of(await list('q=e2f&sort=code:desc&size=20')), [...codes].reverse());
    assert.deepEqual(of(await list('q=E2F&locked=true&sort=code:asc')), [codes[1], codes[2]]);
    assert.deepEqual(of(await list('q=E2F&locked=false&sort=code:asc')), [codes[0], codes[3], codes[4], codes[5]]);
    assert.deepEqual(of(await list('q=E2F&state=CANCELLED')), [codes[3]]);
    assert.deepEqual(of(await list('q=E2F&usage=available&sort=code:asc')), [codes[0], codes[1], codes[2], codes[4], codes[5]]);
    assert.equal((await list('q=E2F&usage=in-use')).total, 0);
    assert.equal(of(await list('q=E2F'))[0], codes[3], 'default order: last updated first');
    assert.equal(of(await list('q=E2F&sort=state:asc'))[0], codes[3], 'CANCELLED sorts before UNLINK');
    const page = await list('q=E2F&sort=code:asc&page=2&size=10');
    assert.deepEqual([page.total, page.page, page.data.length], [6, 2, 0]);
    for (const bad of ['q=E', 'state=FREE', 'usage=busy', 'locked=1', 'sort=sampleCode:asc', 'size=7']) {
      const res = await t.api(admin).get(`/api/rfid-tags?${bad}`);
      assert.deepEqual([res.status, res.body.code], [400, 'BAD_REQUEST_ERROR'], bad);
    }
  });

  it('Excel: the template, an import checked row by row (all or nothing), an export of the filter', async () => {
    const download = async (path: string, language = 'en') => {
      const res = await t.api(admin).get(path).set('accept-language', language).buffer(true).parse(binary);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], XLSX);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      return wb.worksheets[0]!;
    };
    const template = await download('/api/rfid-tags/template', 'vi');
    assert.deepEqual((template.getRow(1).values as unknown[]).slice(1), ['Mã RFID', 'Container', 'Thùng', 'Xe đẩy']);
    const upload = (bytes: Buffer) => t.api(admin).post('/api/rfid-tags/import').attach('file', bytes, 'tags.xlsx');
    await register({ codes: ['E2770000'] }).expect(201);
    const wrong = await upload(
      await sheetOf(
        ['Code', 'Container', 'Box', 'Cart'],
        [
          ['E2770001', 'C1', null, null],
          ['  ', 'C1', null, null],
          ['E27Z', null, null, null],
          ['e277-0001', null, null, null],
          ['E2770000', null, null, null],
          ['E2770002', null, 'b'.repeat(51), null],
        ],
      ),
    );
    assert.equal(wrong.status, 400);
    assert.deepEqual(
      (wrong.body.details as ImportRowError[]).map((d) => [d.row, d.column, d.code]),
      [
        [3, 'Code', 'RFID_NOT_BLANK'],
        [4, 'Code', 'TAG_NOT_VALID'],
        [5, 'Code', 'DUPLICATE_RFID'],
        [6, 'Code', 'RFID_EXISTS'],
        [7, 'Box', 'BAD_REQUEST_ERROR'],
      ],
    );
    assert.equal((await list('q=E277')).total, 1, 'nothing written');
    const rows = Array.from({ length: 300 }, (_, i) => [tag('E278', i).toLowerCase(), `Cont ${i % 3}`, i % 2 ? `Thùng ${i}` : null, null]);
    const ok = await upload(await sheetOf(['Mã RFID', 'Container', 'Thùng', 'Xe đẩy'], rows));
    assert.equal(ok.status, 201, JSON.stringify(ok.body).slice(0, 300));
    assert.deepEqual(ok.body, { created: 300 });
    assert.deepEqual((await detail(tag('E278', 1))).container, { name: 'Cont 1', box: 'Thùng 1', cart: null });

    await t.api(admin).post(`/api/rfid-tags/${tag('E278', 0)}/lock`).expect(200);
    const exported = await download('/api/rfid-tags/export?q=E278&locked=true');
    assert.deepEqual((exported.getRow(1).values as unknown[]).slice(1), ['Code', 'Container', 'Box', 'Cart', 'State', 'Locked', 'Sample code', 'Date updated (UTC)']);
    assert.equal(exported.actualRowCount, 2);
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((col) => exported.getRow(2).getCell(col).value),
      [tag('E278', 0), 'Cont 0', null, null, 'UNLINK', 'Yes'],
    );
    const all = await download('/api/rfid-tags/export?q=E278&sort=code:asc');
    assert.equal(all.actualRowCount, 301);
  });

  it('each route answers to its permission only', async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Tag clerks', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'tagger', password: 'secret1', fullName: 'Tagger', groupId: group.body.id }).expect(201);
    const clerk = await t.login('tagger', 'secret1');
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group.body.id}/permissions`).send({ permissions }).expect(200);
    await register({ codes: ['E2990001'] }).expect(201);
    const calls = {
      list: () => t.api(clerk).get('/api/rfid-tags'),
      detail: () => t.api(clerk).get('/api/rfid-tags/E2990001'),
      register: () => t.api(clerk).post('/api/rfid-tags').send({ codes: ['E2990002'] }),
      import: () => t.api(clerk).post('/api/rfid-tags/import'),
      cancel: () => t.api(clerk).post('/api/rfid-tags/E2990999/cancel'),
      lock: () => t.api(clerk).post('/api/rfid-tags/E2990001/lock'),
      unlock: () => t.api(clerk).post('/api/rfid-tags/E2990001/unlock'),
      template: () => t.api(clerk).get('/api/rfid-tags/template'),
      export: () => t.api(clerk).get('/api/rfid-tags/export'),
    };
    const needs: Record<keyof typeof calls, PermissionCode> = {
      list: 'SAMPLE_MANAGEMENT_RFID_LIST',
      detail: 'SAMPLE_MANAGEMENT_RFID_DETAIL',
      register: 'SAMPLE_MANAGEMENT_RFID_CREATE',
      import: 'SAMPLE_MANAGEMENT_RFID_CREATE',
      cancel: 'SAMPLE_MANAGEMENT_RFID_CREATE',
      lock: 'SAMPLE_MANAGEMENT_RFID_LOCK',
      unlock: 'SAMPLE_MANAGEMENT_RFID_UNLOCK',
      template: 'SAMPLE_MANAGEMENT_RFID_DOWNLOAD',
      export: 'SAMPLE_MANAGEMENT_RFID_DOWNLOAD',
    };
    await assertEachCallNeeds(calls, needs, grant);
    const doc = (await t.api().get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    for (const path of ['', '/template', '/export', '/import', '/{code}', '/{code}/lock', '/{code}/unlock', '/{code}/cancel']) {
      assert.ok(doc.paths[`/api/rfid-tags${path}`], `rfid-tags${path} is documented`);
    }
  });

  it('rebuilding the projections gives the same rfid_tags rows', async () => {
    const rows = async () => (await sql`select * from rfid_tags order by code`.execute(t.platform.db)).rows;
    const live = await rows();
    assert.ok(live.length > 1300);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await rows(), live);
    await sql`update rfid_tags set locked = not locked`.execute(t.platform.db);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['rfid-tags']);
    assert.deepEqual(await rows(), live);
  });
});
