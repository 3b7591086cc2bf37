import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { lastDaysRange, type LinkReportEntry, type LinkReportResponse, type PermissionCode, type SampleView } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { createSample, sampleBody } from './sample-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { XLSX, binary } from './excel-fixtures.js';

const T1 = 'E2C00000000000000000A001';
const T2 = 'E2C00000000000000000A002';
const T3 = 'E2C00000000000000000A003';

describe('linking and unlink reports', () => {
  let { t, admin, c } = {} as SuiteApp;
  let reporter: string;
  let reporterId: string;
  let s1: SampleView;
  let s2: SampleView;
  let s3: SampleView;
  let started: Date;

  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));
  before(async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Reporters', permissions: ['SAMPLE_MANAGEMENT_RFID_LINKING_LINK', 'SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK'] }).expect(201);
    reporterId = (await t.api(admin).post('/api/users').send({ username: 'reporter', password: 'secret1', fullName: 'Reporter', groupId: group.body.id }).expect(201)).body.id;
    reporter = await t.login('reporter', 'secret1');
    s1 = await createSample(t, admin, sampleBody(c, { sampleCode: 'RP-1', modelName: 'Runner One', artNumber: 'ART-R1' }, 0));
    s2 = await createSample(t, admin, sampleBody(c, { sampleCode: 'RP-2', modelName: 'Walker Two', artNumber: 'ART-W2' }, 1));
    s3 = await createSample(t, admin, sampleBody(c, { sampleCode: 'RP-3', modelName: 'Runner Three', artNumber: 'ART-R3' }, 0));
    await t.api(admin).post('/api/rfid-tags').send({ codes: [T1, T2, T3] }).expect(201);
    started = new Date(Date.now() - 1000);
    const link = (token: string, tagCode: string, sampleId: string) => t.api(token).post('/api/rfid-tags/link').send({ tagCode, sampleId }).expect(200);
    const unlink = (token: string, tagCodes: string[], reason?: string) => t.api(token).post('/api/rfid-tags/unlink').send({ tagCodes, reason }).expect(200);
    await link(admin, T1, s1.id); // link 1
    await link(reporter, T2, s2.id); // link 2
    await unlink(admin, [T1], 'Thẻ hỏng'); // unlink 1
    await link(admin, T1, s3.id); // link 3
    await unlink(reporter, [T2]); // unlink 2
    await link(reporter, T3, s1.id); // link 4
  });

  const report = async (path: string, query = '') => {
    const res = await t.api(admin).get(`/api/reports/${path}?${query}`);
    assert.equal(res.status, 200, `${path}?${query}: ${JSON.stringify(res.body)}`);
    return res.body as LinkReportResponse;
  };
  const tags = (r: { data: LinkReportEntry[] }) => r.data.map((e) => `${e.tagCode.slice(-1)}→${e.sampleCode}`);

  it('the linking report: every link, newest first, with the sample, its master data and the user; totals of tags and samples', async () => {
    const r = await report('linking');
    assert.deepEqual([r.total, r.page, r.size], [4, 1, 10]);
    assert.deepEqual(tags(r), ['3→RP-1', '1→RP-3', '2→RP-2', '1→RP-1']);
    assert.deepEqual(r.totals, { events: 4, tags: 3, samples: 3 });
    const last = r.data[3]!;
    assert.deepEqual(
      { ...last, id: 0, at: '' },
      {
        id: 0,
        at: '',
        tagCode: T1,
        sampleId: s1.id,
        sampleCode: 'RP-1',
        sampleName: s1.name,
        modelName: 'Runner One',
        artNumber: 'ART-R1',
        seasonName: 'Xuân Hè 2026',
        sizeName: 'Cỡ 40',
        customerName: 'Công ty Á Đông',
        userId: (await t.api(admin).get('/api/auth/me').expect(200)).body.user.id,
        username: 'admin',
        reason: null,
      },
    );
    assert.ok(Date.parse(last.at) >= started.getTime());
    const page2 = await report('linking', 'page=2&size=10');
    assert.deepEqual([page2.total, page2.data.length, page2.totals.events], [4, 0, 4]);
  });

  it('filters: user, text (tag code, sample code, model, art), season, category, customer, size, and a date range', async () => {
    assert.deepEqual(tags(await report('linking', `userId=${reporterId}`)), ['3→RP-1', '2→RP-2']);
    assert.deepEqual(tags(await report('linking', 'q=00a001')), ['1→RP-3', '1→RP-1'], 'a piece of the tag code, any case');
    assert.deepEqual(tags(await report('linking', 'q=rp-2')), ['2→RP-2']);
    assert.deepEqual(tags(await report('linking', 'q=runner')), ['3→RP-1', '1→RP-3', '1→RP-1']);
    assert.deepEqual(tags(await report('linking', 'q=ART-W')), ['2→RP-2']);
    for (const param of ['seasonId', 'categoryId', 'customerId', 'sizeId'] as const) {
      const key = { seasonId: 'seasons', categoryId: 'categories', customerId: 'customers', sizeId: 'sizes' }[param] as 'seasons';
      const r = await report('linking', `${param}=${c.active[key][1]}`);
      assert.deepEqual(tags(r), ['2→RP-2'], param);
      assert.deepEqual(r.totals, { events: 1, tags: 1, samples: 1 });
    }
    // the days the links were made on: today (and the day before, when midnight passed meanwhile)
    const today = { from: lastDaysRange(0, started).from, to: lastDaysRange(0).to };
    const range = (from: Date, to: Date) => `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    assert.equal((await report('linking', range(today.from, today.to))).total, 4);
    const week = lastDaysRange(7, new Date(Date.now() - 8 * 86_400_000));
    assert.equal((await report('linking', range(week.from, week.to))).total, 0, 'a range that ended a day ago');
    assert.equal((await report('linking', `from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total, 0);
    assert.equal((await report('linking', `to=${encodeURIComponent(started.toISOString())}`)).total, 0);
    assert.deepEqual((await report('linking', `userId=${reporterId}&q=ART-R3`)).totals, { events: 0, tags: 0, samples: 0 });
    for (const bad of ['from=yesterday', 'q=x', 'userId=7', 'size=11', 'seasonId=x']) {
      const res = await t.api(admin).get(`/api/reports/linking?${bad}`);
      assert.deepEqual([res.status, res.body.code], [400, 'BAD_REQUEST_ERROR'], bad);
    }
  });

  it('the unlink report: every unlink with its reason; the users of each report', async () => {
    const r = await report('unlink');
    assert.deepEqual(tags(r), ['2→RP-2', '1→RP-1']);
    assert.deepEqual(
      r.data.map((e) => [e.username, e.reason]),
      [
        ['reporter', null],
        ['admin', 'Thẻ hỏng'],
      ],
    );
    assert.deepEqual(r.totals, { events: 2, tags: 2, samples: 2 });
    assert.deepEqual(tags(await report('unlink', 'q=walker')), ['2→RP-2']);
    const users = (await t.api(admin).get('/api/reports/unlink/users').expect(200)).body as { id: string; name: string }[];
    assert.deepEqual(users.map((u) => u.name).sort(), ['admin', 'reporter']);
    assert.ok(users.some((u) => u.id === reporterId));
  });

  it('exports: the rows of the filter as .xlsx, the unlink report with the reason', async () => {
    const download = async (path: string) => {
      const res = await t.api(admin).get(path).buffer(true).parse(binary);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], XLSX);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      return wb.worksheets[0]!;
    };
    const linking = await download('/api/reports/linking/export?q=runner&page=2');
    assert.equal(linking.name, 'Linking report');
    assert.deepEqual((linking.getRow(1).values as unknown[]).slice(1), [
      'Time (UTC)',
      'RFID tag',
      'Sample code',
      'Sample name',
      'Model name',
      'Art number',
      'Season',
      'Size',
      'Supplier',
      'User',
    ]);
    assert.equal(linking.actualRowCount, 4, 'all three rows of the filter, no paging');
    assert.deepEqual([linking.getCell('B2').value, linking.getCell('C2').value, linking.getCell('J2').value], [T3, 'RP-1', 'reporter']);
    assert.ok(linking.getCell('A2').value instanceof Date);
    const unlink = await download('/api/reports/unlink/export');
    assert.equal(unlink.getCell('K1').value, 'Reason');
    assert.equal(unlink.getCell('K3').value, 'Thẻ hỏng');
  });

  it('each report answers to its own permission: REPORT_LINKING_LIST, REPORT_UNLINKING_LIST', async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Report readers', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'reader', password: 'secret1', fullName: 'Reader', groupId: group.body.id }).expect(201);
    const reader = await t.login('reader', 'secret1');
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group.body.id}/permissions`).send({ permissions }).expect(200);
    const paths = { LINK: ['/api/reports/linking', '/api/reports/linking/export', '/api/reports/linking/users'], UNLINK: ['/api/reports/unlink', '/api/reports/unlink/export', '/api/reports/unlink/users'] };
    for (const [code, allowed, refused] of [
      ['REPORT_LINKING_LIST', paths.LINK, paths.UNLINK],
      ['REPORT_UNLINKING_LIST', paths.UNLINK, paths.LINK],
    ] as const) {
      await grant([code]);
      for (const p of allowed) assert.equal((await t.api(reader).get(p)).status, 200, `${p} with ${code}`);
      for (const p of refused) assert.equal((await t.api(reader).get(p)).status, 403, `${p} with only ${code}`);
    }
  });

  it('rebuilding the projections gives the same tag_link_history rows', async () => {
    const rows = async () => (await sql`select * from tag_link_history order by id`.execute(t.platform.db)).rows;
    const live = await rows();
    assert.equal(live.length, 6);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await rows(), live);
    await sql`delete from tag_link_history`.execute(t.platform.db);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['link-history']);
    assert.deepEqual(await rows(), live);
  });
});
