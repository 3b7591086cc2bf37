import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ImportRowError, SampleView } from '@rfid/contracts';
import { verifyEventStore } from '@rfid/backend/platform/event-store/chain-verifier';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { createSample, sampleBody } from './sample-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { XLSX, binary, load, dataRows, sheetOf } from './excel-fixtures.js';

const HEADER = ['Sample code', 'Name', 'Model name', 'Art number', 'Season', 'Stage', 'Type', 'Size', 'Gender', 'Side', 'Color', 'Category', 'Supplier', 'Location'];

describe('samples: Excel template, import and export', () => {
  let { t, admin, c } = {} as SuiteApp;
  suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));

  const download = async (path: string, language = 'en') => {
    const res = await t.api(admin).get(path).set('accept-language', language).buffer(true).parse(binary);
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    assert.equal(res.headers['content-type'], XLSX);
    return res.body as Buffer;
  };
  const upload = (bytes: Buffer, query = '', language = 'en') =>
    t.api(admin).post(`/api/samples/import${query}`).set('accept-language', language).attach('file', bytes, 'samples.xlsx');
  const total = async (q = '') => (await t.api(admin).get(`/api/samples${q}`).expect(200)).body.total as number;
  /** A row of the sheet with the first items' names, changed by `cells`. */
  const row = (cells: Partial<Record<(typeof HEADER)[number], string | null>>) => {
    const base: Record<string, string | null> = {
      'Sample code': null,
      Name: 'Giày',
      'Model name': 'M1',
      'Art number': 'A1',
      Season: 'Xuân Hè 2026',
      Stage: null,
      Type: null,
      Size: 'Cỡ 40',
      Gender: null,
      Side: null,
      Color: null,
      Category: 'Giày chạy',
      Supplier: 'Nike VN',
      Location: null,
    };
    return HEADER.map((h) => (h in cells ? cells[h]! : base[h]!));
  };

  it('the template: header row in the asked language, a drop-down of the ACTIVE names of each catalogue on a hidden sheet', async () => {
    const wb = await load(await download('/api/samples/template'));
    const sheet = wb.worksheets[0]!;
    assert.equal(sheet.name, 'Samples');
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), HEADER);
    const lists = wb.getWorksheet('Lists')!;
    assert.equal(lists.state, 'hidden');
    const column = (letter: string) => {
      const values: unknown[] = [];
      for (let r = 1; lists.getCell(`${letter}${r}`).value !== null; r++) values.push(lists.getCell(`${letter}${r}`).value);
      return values;
    };
    // the list columns in order: season, stage, type, size, gender, side, category, customer, zone
    assert.deepEqual(column('A').sort(), ['Thu Đông 2026', 'Xuân Hè 2026'], 'the inactive season is not offered');
    assert.deepEqual(column('F'), ['LEFT', 'RIGHT']);
    assert.deepEqual(column('H').sort(), ['Công ty Á Đông', 'Nike VN']);
    const validations = (sheet as unknown as { dataValidations: { find(address: string): ExcelJS.DataValidation | undefined } }).dataValidations;
    assert.deepEqual(validations.find('E2')?.formulae, ['Lists!$A$1:$A$2'], 'Season');
    assert.deepEqual(validations.find('J2')?.formulae, ['Lists!$F$1:$F$2'], 'Side');
    assert.equal(validations.find('B2'), undefined, 'Name is free text');

    const vi = await load(await download('/api/samples/template', 'vi'));
    assert.equal(vi.worksheets[0]!.name, 'Mẫu');
    assert.deepEqual((vi.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 5), ['Mã mẫu', 'Tên mẫu', 'Tên model', 'Mã art']);
  });

  it('round trip: 1,000 rows typed into the template are imported in one go; the export of a filter gives exactly those rows', async () => {
    const template = await load(await download('/api/samples/template'));
    const sheet = template.worksheets[0]!;
    const expected: unknown[][] = [];
    for (let i = 1; i <= 1000; i++) {
      const n = i % 2;
      const cells = [
        i % 10 === 0 ? null : `RT-${String(i).padStart(4, '0')}`,
        `Mẫu ${i} – giày thể thao`,
        `Model ${i % 7}`,
        `ART-${i}`,
        n ? 'Thu Đông 2026' : 'sea-1', // by name, or by code
        i % 3 === 0 ? null : 'Proto',
        'Mẫu bán hàng',
        n ? 'CỠ 42' : 'Cỡ 40', // any case
        i % 4 === 0 ? null : 'Nữ',
        i % 5 === 0 ? null : n ? 'LEFT' : 'right',
        i % 6 === 0 ? null : `Màu ${i % 9}`,
        'Dép',
        'Công ty Á Đông',
        i % 8 === 0 ? 'ZZON1' : 'Kho B', // a zone by its id
      ];
      sheet.addRow(cells);
      expected.push([
        cells[0],
        cells[1],
        cells[2],
        cells[3],
        n ? 'Thu Đông 2026' : 'Xuân Hè 2026',
        cells[5],
        'Mẫu bán hàng',
        n ? 'Cỡ 42' : 'Cỡ 40',
        cells[8],
        cells[9] === null ? null : String(cells[9]).toUpperCase(),
        cells[10],
        'Dép',
        'Công ty Á Đông',
        i % 8 === 0 ? 'Kho A' : 'Kho B',
      ]);
    }
    const res = await upload(Buffer.from(await template.xlsx.writeBuffer()));
    assert.equal(res.status, 201, JSON.stringify(res.body).slice(0, 600));
    assert.deepEqual(res.body, { created: 1000, duplicates: [], removedRows: [] });
    assert.equal(await total(), 1000);
    const newest = (await t.api(admin).get('/api/samples?size=10').expect(200)).body.data.slice(0, 3).map((s: SampleView) => s.name);
    assert.deepEqual(newest, ['Mẫu 1000 – giày thể thao', 'Mẫu 999 – giày thể thao', 'Mẫu 998 – giày thể thao'], 'rows of one import list newest first: the last row of the file on top');

    const exported = dataRows(await load(await download(`/api/samples/export?q=RT-0&categoryId=${c.active.categories[1]}&sort=sampleCode:asc&page=2&size=10`)), HEADER.length);
    const want = expected.filter((r) => r[0] !== null);
    assert.equal(exported.length, 900, 'every row of the filter, no paging');
    assert.deepEqual(exported, want);

    const all = await load(await download('/api/samples/export'));
    assert.deepEqual((all.worksheets[0]!.getRow(1).values as unknown[]).slice(15), ['RFID tag', 'Usage count', 'Date updated (UTC)']);
    const rows = dataRows(all, 17);
    assert.equal(rows.length, 1000);
    const made = rows.map((r) => r[0] as string).filter((code) => code.startsWith('SP'));
    assert.equal(made.length, 100, 'rows without a code got one from the system');
    assert.ok(made.every((code) => /^SP\d{6}$/.test(code)));
    assert.deepEqual([rows[0]![14], rows[0]![15]], [null, 0]);
    assert.ok(rows[0]![16] instanceof Date);
    const verified = await verifyEventStore(t.platform.db);
    assert.equal(verified.ok, true, `the imported streams' hash chains verify: ${JSON.stringify(verified)}`);
  });

  it('a file with one wrong row imports nothing and names that row, column and code', async () => {
    const before = await total();
    const res = await upload(await sheetOf(HEADER, [row({ Name: 'Một' }), row({ Name: 'Hai' }), row({ Season: 'Mùa không có' }), row({ Name: 'Bốn' })]));
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
    assert.deepEqual(res.body.details, [{ row: 4, column: 'Season', code: 'SEASON_NOT_FOUND', message: 'Season not found' }]);
    assert.equal(await total(), before, 'nothing written');
  });

  it('every rule of the form, per cell: blanks, references by name or code of active items, side, length, codes in use', async () => {
    await createSample(t, admin, sampleBody(c, { sampleCode: 'DA-CO' }));
    const before = await total();
    const res = await upload(
      await sheetOf(HEADER, [
        row({ Name: '  ', Supplier: null }),
        row({ 'Model name': null, 'Art number': '' }),
        row({ Season: null, Size: null, Category: null }),
        row({ Season: 'Mùa cũ 2020', Stage: 'Không có', Type: 'Loại cũ', Gender: 'gen-9' }),
        row({ Size: 'Cỡ cũ', Category: 'Danh mục cũ', Supplier: 'Khách cũ', Location: 'Kho cũ' }),
        row({ Side: 'UP', Color: 'x'.repeat(51), Location: 'Nowhere' }),
        row({ 'Sample code': 'da-co' }),
        row({ 'Sample code': 'có dấu' }),
      ]),
    );
    assert.equal(res.status, 400);
    assert.deepEqual(
      (res.body.details as ImportRowError[]).map((d) => [d.row, d.column, d.code]),
      [
        [2, 'Name', 'NAME_MUST_BE_NOT_BLANK'],
        [2, 'Supplier', 'CUSTOMER_MUST_BE_NOT_BLANK'],
        [3, 'Model name', 'MODEL_MUST_BE_NOT_BLANK'],
        [3, 'Art number', 'ART_MUST_BE_NOT_BLANK'],
        [4, 'Season', 'SEASON_MUST_BE_NOT_BLANK'],
        [4, 'Size', 'SIZE_MUST_BE_NOT_BLANK'],
        [4, 'Category', 'CATEGORY_MUST_BE_NOT_BLANK'],
        [5, 'Season', 'SEASON_NOT_FOUND_OR_INACTIVE'],
        [5, 'Stage', 'STAGE_NOT_FOUND'],
        [5, 'Type', 'TYPE_NOT_FOUND_OR_INACTIVE'],
        [5, 'Gender', 'GENDER_NOT_FOUND'],
        [6, 'Size', 'SIZE_NOT_FOUND_OR_INACTIVE'],
        [6, 'Category', 'CATEGORY_NOT_FOUND_OR_INACTIVE'],
        [6, 'Supplier', 'CUSTOMER_NOT_FOUND_OR_INACTIVE'],
        [6, 'Location', 'ZONE_NOT_FOUND_OR_INACTIVE'],
        [7, 'Side', 'SIDE_NOT_FOUND'],
        [7, 'Color', 'BAD_REQUEST_ERROR'],
        [8, 'Sample code', 'SAMPLE_EXISTS'],
        [9, 'Sample code', 'BAD_REQUEST_ERROR'],
      ],
    );
    const vi = await upload(await sheetOf(HEADER, [row({ Side: 'UP' })]), '', 'vi');
    assert.deepEqual(vi.body.details, [{ row: 2, column: 'Bên', code: 'SIDE_NOT_FOUND', message: 'Không tìm thấy bên' }]);
    const missing = await upload(await sheetOf(HEADER.filter((h) => h !== 'Supplier'), [row({}).slice(0, 12)]));
    assert.deepEqual(missing.body.details, [{ row: 1, column: 'Supplier', code: 'BAD_REQUEST_ERROR', message: 'This column is missing from the header row' }]);
    const empty = await upload(await sheetOf(HEADER, []));
    assert.deepEqual([empty.status, empty.body.details[0].message], [400, 'The file has no data rows']);
    assert.equal(await total(), before);
  });

  it('a file made with an earlier template, whose columns read Customer and Zone (Khách hàng, Khu vực), still imports', async () => {
    const earlier = HEADER.map((h) => (h === 'Supplier' ? 'Customer' : h === 'Location' ? 'Zone' : h));
    const res = await upload(await sheetOf(earlier, [row({ Name: 'Mẫu cũ', Location: 'Kho A' })]));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const vietnamese = earlier.map((h) => (h === 'Customer' ? 'Khách hàng' : h === 'Zone' ? 'Khu vực' : h));
    assert.equal((await upload(await sheetOf(vietnamese, [row({ Name: 'Mẫu cũ 2' })]))).status, 201);
    const imported = (await t.api(admin).get('/api/samples?q=Mẫu cũ&sort=name:asc').expect(200)).body.data as SampleView[];
    assert.deepEqual(
      imported.map((s) => [s.name, s.customerName, s.zoneName]),
      [
        ['Mẫu cũ', 'Nike VN', 'Kho A'],
        ['Mẫu cũ 2', 'Nike VN', null],
      ],
    );
  });

  it('codes repeated in the file: 409 SAMPLE_EXISTS_IN_FILE listing them; with removeDuplicates=true the first row of each is kept', async () => {
    const before = await total();
    const bytes = await sheetOf(HEADER, [
      row({ 'Sample code': 'D-1', Name: 'Giữ D-1' }),
      row({ 'Sample code': 'D-2', Name: 'Giữ D-2' }),
      row({ 'Sample code': 'd-1', Name: 'Bỏ D-1' }),
      row({ 'Sample code': null, Name: 'Không mã' }),
      row({ 'Sample code': 'D-2', Name: 'Bỏ D-2', Season: 'không có' }),
      row({ 'Sample code': 'D-1', Name: 'Bỏ D-1 lần nữa' }),
    ]);
    const refused = await upload(bytes);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'SAMPLE_EXISTS_IN_FILE');
    assert.deepEqual(refused.body.details, [
      { sampleCode: 'D-1', rows: [2, 4, 7] },
      { sampleCode: 'D-2', rows: [3, 6] },
    ]);
    assert.equal(await total(), before);
    const confirmed = await upload(bytes, '?removeDuplicates=true');
    assert.equal(confirmed.status, 201, JSON.stringify(confirmed.body));
    assert.deepEqual(confirmed.body, { created: 3, duplicates: refused.body.details, removedRows: [4, 6, 7] });
    const kept = (await t.api(admin).get('/api/samples?q=Giữ D&sort=sampleCode:asc').expect(200)).body.data as SampleView[];
    assert.deepEqual(
      kept.map((s) => [s.sampleCode, s.name]),
      [
        ['D-1', 'Giữ D-1'],
        ['D-2', 'Giữ D-2'],
      ],
    );
    const again = await upload(await sheetOf(HEADER, [row({ 'Sample code': 'D-1' })]), '?removeDuplicates=true');
    assert.deepEqual([again.status, again.body.details[0].code], [400, 'SAMPLE_EXISTS'], 'a code already stored is a row error, not a duplicate in the file');
  });

  it('formula-looking text is exported escaped and comes back as it was; headers in Vietnamese are read too', async () => {
    await createSample(t, admin, sampleBody(c, { sampleCode: 'F-1', name: '=1+1', color: '@cmd', modelName: '-2' }));
    const bytes = await download('/api/samples/export?q=F-1', 'vi');
    const wb = await load(bytes);
    assert.deepEqual((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3), ['Mã mẫu', 'Tên mẫu']);
    const [exported] = dataRows(wb, HEADER.length);
    assert.deepEqual([exported![1], exported![2], exported![10]], ["'=1+1", "'-2", "'@cmd"]);
    await t.api(admin).delete(`/api/samples/${(await t.api(admin).get('/api/samples?q=F-1').expect(200)).body.data[0].id}`).expect(204);
    const res = await upload(bytes, '', 'vi');
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const back = (await t.api(admin).get('/api/samples?q=F-1').expect(200)).body.data[0] as SampleView;
    assert.deepEqual([back.name, back.modelName, back.color, back.seasonName], ['=1+1', '-2', '@cmd', 'Xuân Hè 2026']);
  });

  it('rebuilding the projections gives the same samples rows', async () => {
    const rows = async () => (await sql`select * from samples order by id`.execute(t.platform.db)).rows;
    const live = await rows();
    assert.ok(live.length > 1000);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['samples']);
    assert.deepEqual(await rows(), live);
  });
});
