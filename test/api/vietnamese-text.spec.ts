import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { GroupView, LinkReportResponse, LinkReportUser, ListResponse, LookupItem, MasterDataItem, SampleLookupItem, SampleView, TagView, UserView } from '@rfid/contracts';
import { binary, dataRows, load } from './excel-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createSample, sampleBody } from './sample-fixtures.js';

/*
 * Every list that searches or sorts text does it as a Vietnamese reader expects: a search ignores
 * accents and case ("giay chay" finds "Giày chạy bộ"), and text sorts in Vietnamese order, which the
 * byte order of the C locale does not give (it puts "Xuân" before "acb", and "Ă", "Đ" after "Z").
 */

/** Words whose Vietnamese order differs from their byte order in every way that matters. */
const WORDS = ['Xuân', 'acb', 'Xa', 'Yến', 'Đỏ', 'Dz', 'Ăn', 'Ao'];
/** WORDS as a Vietnamese reader orders them: case only breaks ties, ă after a, đ after d. */
const VIETNAMESE_ORDER = ['acb', 'Ao', 'Ăn', 'Dz', 'Đỏ', 'Xa', 'Xuân', 'Yến'];
/** Plain-letter stand-ins of WORDS, for codes and usernames (which take no accents), and their order. */
const PLAIN = ['Xuan', 'acb', 'Xa', 'Yen', 'Do', 'Dz', 'An', 'Ao'];
const PLAIN_ORDER = ['acb', 'An', 'Ao', 'Do', 'Dz', 'Xa', 'Xuan', 'Yen'];

const T1 = 'E2D00000000000000000B001';
const T2 = 'E2D00000000000000000B002';
const T3 = 'E2D00000000000000000B003';

describe('Vietnamese text in every list: search without accents and case, Vietnamese order', () => {
  let { t, admin, c } = {} as SuiteApp;
  let giay: SampleView;
  let dep: SampleView;
  let deleted: SampleView;

  const get = async <T>(path: string) => {
    const res = await t.api(admin).get(path);
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const download = async (path: string) => {
    const res = await t.api(admin).get(path).set('accept-language', 'en').buffer(true).parse(binary);
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    return load(res.body as Buffer);
  };
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));
  before(async () => {
    // seasons named by WORDS; codes and descriptions to search
    for (const [i, name] of WORDS.entries()) {
      const description = name === 'Ao' ? 'Hàng nhập khẩu Đức' : null;
      await t.api(admin).post('/api/master-data/seasons').send({ code: `W-${PLAIN[i]}`, name, description }).expect(201);
    }
    // samples whose codes, names, models and art numbers each sort differently in Vietnamese and in bytes
    const codes = ['VT_2', 'VT-1', 'VT.3', 'VT0', 'VTA', 'VTB', 'VTC', 'VTD'];
    for (const [i, code] of codes.entries()) {
      await createSample(t, admin, sampleBody(c, { sampleCode: code, name: WORDS[i], modelName: WORDS[(i + 3) % 8], artNumber: WORDS[(i + 5) % 8], color: 'Trắng' }));
    }
    // samples to search
    giay = await createSample(t, admin, sampleBody(c, { sampleCode: 'VS-1', name: 'Giày chạy bộ Ứng Dụng', modelName: 'Runner', artNumber: 'ART-S1', color: 'Đỏ Tươi' }));
    dep = await createSample(t, admin, sampleBody(c, { sampleCode: 'VS-2', name: 'Dép lê Quảng Nam', modelName: 'Slipper', artNumber: 'ART-S2', color: 'Xanh lá' }));
    deleted = await createSample(t, admin, sampleBody(c, { sampleCode: 'VS-3', name: 'Giày chạy bộ Ứng Dụng', modelName: 'Runner', artNumber: 'ART-S3', color: 'Đen' }));
    // users and groups: usernames, full names and group names from WORDS; a group that may link and unlink
    const linkers = await t
      .api(admin)
      .post('/api/user-groups')
      .send({ name: 'Nhóm Kiểm Thử', description: 'Gắn thẻ', permissions: ['SAMPLE_MANAGEMENT_RFID_LINKING_LINK', 'SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK'] })
      .expect(201);
    for (const [i, name] of WORDS.entries()) {
      await t
        .api(admin)
        .post('/api/users')
        .send({ username: `vt.${PLAIN[i]}`, password: 'secret1', fullName: name, position: name === 'Ao' ? 'Trưởng kho Đông Anh' : undefined, groupId: linkers.body.id })
        .expect(201);
      await t.api(admin).post('/api/user-groups').send({ name, description: 'Nhóm thử VT', permissions: [] }).expect(201);
    }
    // tags: one on a container, all linked and unlinked by two of those users; then VS-3 is deleted
    await t.api(admin).post('/api/rfid-tags').send({ codes: [T1], container: { name: 'Thùng Đỏ', box: 'Hộp số 1', cart: 'Xe đẩy B' } }).expect(201);
    await t.api(admin).post('/api/rfid-tags').send({ codes: [T2, T3] }).expect(201);
    const xuan = await t.login('vt.Xuan', 'secret1');
    const acb = await t.login('vt.acb', 'secret1');
    await t.api(xuan).post('/api/rfid-tags/link').send({ tagCode: T1, sampleId: dep.id }).expect(200);
    await t.api(acb).post('/api/rfid-tags/link').send({ tagCode: T3, sampleId: deleted.id }).expect(200);
    await t.api(acb).post('/api/rfid-tags/unlink').send({ tagCodes: [T3] }).expect(200);
    await t.api(admin).delete(`/api/samples/${deleted.id}`).expect(204);
    await t.api(xuan).post('/api/rfid-tags/link').send({ tagCode: T2, sampleId: giay.id }).expect(200);
  });

  describe('samples', () => {
    const codes = async (query: string) => (await get<ListResponse<SampleView>>(`/api/samples?${query}&size=50`)).data.map((s) => s.sampleCode);

    it('the search finds a sample by its code, name, model, art number or colour, whatever their accents and case', async () => {
      assert.deepEqual(await codes(`${q('giay chay bo ung')}&sort=sampleCode:asc`), ['VS-1'], 'name without accents; the deleted VS-3 is not listed');
      assert.deepEqual(await codes(q('GIÀY CHẠY BỘ')), ['VS-1'], 'capitals with accents');
      assert.deepEqual(await codes(q('Giay Chạy')), ['VS-1'], 'accents on some letters only');
      assert.deepEqual(await codes(q('do tuoi')), ['VS-1'], 'colour: đ as d');
      assert.deepEqual(await codes(q('dep le quang')), ['VS-2']);
      assert.deepEqual(await codes(q('XANH LÁ')), ['VS-2']);
      assert.deepEqual(await codes(q('vs-2')), ['VS-2'], 'code in any case');
      const found = await get<ListResponse<SampleView>>(`/api/samples?${q('giay chay bo ung')}`);
      assert.equal(found.total, 1, 'the total of a search counts the samples not deleted');
    });

    it('the search goes with the filters, and follows an update', async () => {
      assert.deepEqual(await codes(`${q('giay chay')}&seasonId=${c.active.seasons[0]}&linked=true`), ['VS-1']);
      assert.deepEqual(await codes(`${q('giay chay')}&seasonId=${c.active.seasons[1]}`), []);
      const renamed = await t.api(admin).put(`/api/samples/${dep.id}`).send(sampleBody(c, { sampleCode: 'VS-2', name: 'Dép tổ ong', modelName: 'Slipper', artNumber: 'ART-S2', color: 'Xanh lá' }));
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual(await codes(q('dep to ong')), ['VS-2']);
      assert.deepEqual(await codes(q('quang nam')), [], 'the old name is no longer found');
    });

    it('sorts the code, name, model and art number in Vietnamese order, both ways', async () => {
      const list = async (sort: string) => (await get<ListResponse<SampleView>>(`/api/samples?q=vt&sort=${sort}&size=50`)).data;
      assert.deepEqual((await list('sampleCode:asc')).map((s) => s.sampleCode), ['VT_2', 'VT-1', 'VT.3', 'VT0', 'VTA', 'VTB', 'VTC', 'VTD']);
      assert.deepEqual((await list('name:asc')).map((s) => s.name), VIETNAMESE_ORDER);
      assert.deepEqual((await list('name:desc')).map((s) => s.name), [...VIETNAMESE_ORDER].reverse());
      assert.deepEqual((await list('modelName:asc')).map((s) => s.modelName), VIETNAMESE_ORDER);
      assert.deepEqual((await list('artNumber:desc')).map((s) => s.artNumber), [...VIETNAMESE_ORDER].reverse());
    });

    it('the Excel export lists them in the same order', async () => {
      const names = dataRows(await download('/api/samples/export?q=vt&sort=name:asc'), 2).map((r) => r[1]);
      assert.deepEqual(names, VIETNAMESE_ORDER);
      const codesDesc = dataRows(await download('/api/samples/export?q=vt&sort=sampleCode:desc'), 1).map((r) => r[0]);
      assert.deepEqual(codesDesc, ['VTD', 'VTC', 'VTB', 'VTA', 'VT0', 'VT.3', 'VT-1', 'VT_2']);
    });

    it('the sample look-up (the sample to link a tag to) searches the same way, and answers in Vietnamese order of the code', async () => {
      const lookup = async (query: string) => (await get<ListResponse<SampleLookupItem>>(`/api/samples/lookup?size=50&${query}`)).data.map((s) => s.sampleCode);
      assert.deepEqual(await lookup(q('GIAY CHAY BO')), ['VS-1']);
      assert.deepEqual(await lookup(`${q('giay chay')}&linked=false`), []);
      assert.deepEqual(await lookup('q=vt'), ['VT_2', 'VT-1', 'VT.3', 'VT0', 'VTA', 'VTB', 'VTC', 'VTD']);
    });

    it("the import template's drop-down lists offer the master data in Vietnamese order", async () => {
      const lists = (await download('/api/samples/template')).getWorksheet('Lists')!;
      const seasons: unknown[] = [];
      for (let r = 1; lists.getCell(`A${r}`).value !== null; r++) seasons.push(lists.getCell(`A${r}`).value);
      assert.deepEqual(seasons, ['acb', 'Ao', 'Ăn', 'Dz', 'Đỏ', 'Thu Đông 2026', 'Xa', 'Xuân', 'Xuân Hè 2026', 'Yến']);
    });
  });

  describe('master data', () => {
    const names = async (query: string) => (await get<ListResponse<MasterDataItem>>(`/api/master-data/seasons?${query}&size=50`)).data.map((i) => i.name);

    it('the search finds an item by its code, name or description, whatever their accents and case', async () => {
      assert.deepEqual(await names(`${q('xuan')}&sort=name:asc`), ['Xuân', 'Xuân Hè 2026']);
      assert.deepEqual(await names(`${q('ĐÔNG')}&sort=name:asc`), ['Thu Đông 2026']);
      assert.deepEqual(await names(`${q('do')}&sort=name:asc`), ['Đỏ', 'Thu Đông 2026'], 'đ as d, ô as o');
      assert.deepEqual(await names(q('hang nhap khau duc')), ['Ao'], 'description');
      assert.deepEqual(await names(q('w-yen')), ['Yến'], 'code in any case');
    });

    it("a catalogue's look-up (the choices of a form or a filter) searches the same way and answers in Vietnamese order of the name", async () => {
      const lookup = async (query: string) => (await get<ListResponse<LookupItem>>(`/api/master-data/seasons/lookup?size=50&${query}`)).data.map((i) => i.name);
      assert.deepEqual(await lookup('q=w-'), VIETNAMESE_ORDER);
      assert.deepEqual(await lookup(`active=true&${q('XUAN')}`), ['Xuân', 'Xuân Hè 2026']);
    });

    it('sorts the name and the code in Vietnamese order (the drop-downs read the list by name); the export follows', async () => {
      assert.deepEqual(await names('q=w-&sort=name:asc'), VIETNAMESE_ORDER);
      assert.deepEqual(await names('q=w-&status=ACTIVE&sort=name:desc'), [...VIETNAMESE_ORDER].reverse());
      const codes = (await get<ListResponse<MasterDataItem>>('/api/master-data/seasons?q=w-&sort=code:asc&size=50')).data.map((i) => i.code);
      assert.deepEqual(codes, PLAIN_ORDER.map((p) => `W-${p}`));
      const exported = dataRows(await download('/api/master-data/seasons/export?q=w-&sort=name:asc'), 2).map((r) => r[1]);
      assert.deepEqual(exported, VIETNAMESE_ORDER);
    });
  });

  describe('users and user groups', () => {
    const users = (query: string) => get<ListResponse<UserView>>(`/api/users?${query}&size=50`);
    const groups = (query: string) => get<ListResponse<GroupView>>(`/api/user-groups?${query}&size=50`);

    it('the user search finds a user by username, full name or position, whatever their accents and case', async () => {
      assert.deepEqual((await users(q('XUÂN'))).data.map((u) => u.username), ['vt.Xuan']);
      assert.deepEqual((await users(q('truong kho dong anh'))).data.map((u) => u.username), ['vt.Ao']);
      assert.deepEqual((await users(q('VT.ACB'))).data.map((u) => u.fullName), ['acb']);
    });

    it('sorts users by username and by full name in Vietnamese order', async () => {
      assert.deepEqual((await users('q=vt.&sort=username:asc')).data.map((u) => u.username), PLAIN_ORDER.map((p) => `vt.${p}`));
      assert.deepEqual((await users('q=vt.&sort=fullName:asc')).data.map((u) => u.fullName), VIETNAMESE_ORDER);
      assert.deepEqual((await users('q=vt.&sort=fullName:desc')).data.map((u) => u.fullName), [...VIETNAMESE_ORDER].reverse());
    });

    it("the group look-up (the user form's and filter's choices) searches without accents and answers in Vietnamese order", async () => {
      const lookup = async (query: string) => (await get<ListResponse<LookupItem>>(`/api/user-groups/lookup?size=50&${query}`)).data.map((g) => g.name);
      assert.deepEqual(await lookup(''), ['acb', 'Administrators', 'Ao', 'Ăn', 'Dz', 'Đỏ', 'Nhóm Kiểm Thử', 'Xa', 'Xuân', 'Yến']);
      assert.deepEqual(await lookup(`active=true&${q('nhom kiem')}`), ['Nhóm Kiểm Thử']);
    });

    it('the group search finds a group by name or description without accents; groups sort by name in Vietnamese order', async () => {
      assert.deepEqual((await groups(q('nhom kiem thu'))).data.map((g) => g.name), ['Nhóm Kiểm Thử']);
      assert.deepEqual((await groups(q('gan the'))).data.map((g) => g.name), ['Nhóm Kiểm Thử'], 'description');
      assert.deepEqual((await groups(`${q('nhom thu vt')}&sort=name:asc`)).data.map((g) => g.name), VIETNAMESE_ORDER);
      assert.deepEqual((await groups(`${q('NHÓM THỬ VT')}&sort=name:desc`)).data.map((g) => g.name), [...VIETNAMESE_ORDER].reverse());
    });
  });

  describe('RFID tags', () => {
    const tags = async (query: string) => (await get<ListResponse<TagView>>(`/api/rfid-tags?${query}&sort=code:asc`)).data.map((tag) => tag.code);

    it("the search finds a tag by its container's name, box or cart, whatever their accents and case", async () => {
      assert.deepEqual(await tags(q('thung do')), [T1]);
      assert.deepEqual(await tags(q('HỘP SỐ 1')), [T1]);
      assert.deepEqual(await tags(q('xe day b')), [T1]);
    });

    it("and by its code or its sample's code, which follow the link and the unlink", async () => {
      assert.deepEqual(await tags(q('e2d00000000000000000b00')), [T1, T2, T3]);
      assert.deepEqual(await tags(q('vs-1')), [T2], 'linked to VS-1');
      assert.deepEqual(await tags(q('vs-3')), [], 'unlinked from VS-3');
      assert.deepEqual(await tags(q('vs-2')), [T1]);
    });
  });

  describe('the linking and unlink reports', () => {
    const report = (path: string, query: string) => get<LinkReportResponse>(`/api/reports/${path}?${query}`);

    it("the search finds a link by the sample's texts without accents, a deleted sample's too", async () => {
      assert.deepEqual((await report('linking', q('giay chay bo ung'))).data.map((e) => e.sampleCode), ['VS-1', 'VS-3']);
      assert.deepEqual((await report('linking', q('DÉP'))).data.map((e) => e.tagCode), [T1]);
      assert.deepEqual((await report('unlink', q('Giay chay'))).data.map((e) => e.sampleCode), ['VS-3']);
      assert.deepEqual((await report('unlink', q('dep'))).data, []);
    });

    it('the user filter offers the people who linked in Vietnamese order', async () => {
      const linkers = await get<LinkReportUser[]>('/api/reports/linking/users');
      assert.deepEqual(linkers.map((u) => u.name), ['vt.acb', 'vt.Xuan']);
    });
  });
});
