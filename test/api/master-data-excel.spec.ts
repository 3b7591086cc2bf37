import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LIMITS, type ImportRowError } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { XLSX, binary, load, dataRows, sheetOf } from './excel-fixtures.js';

const today = () => new Date().toISOString().slice(0, 10);

describe('master data: Excel template, import and export', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));

  const download = async (path: string, language = 'en') => {
    const res = await t.api(admin).get(path).set('accept-language', language).buffer(true).parse(binary);
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    assert.equal(res.headers['content-type'], XLSX);
    return { bytes: res.body as Buffer, disposition: res.headers['content-disposition'] as string };
  };
  const upload = (key: string, bytes: Buffer, filename = 'items.xlsx', language = 'en') =>
    t.api(admin).post(`/api/master-data/${key}/import`).set('accept-language', language).attach('file', bytes, filename);
  const total = async (key: string) => (await t.api(admin).get(`/api/master-data/${key}`).expect(200)).body.total as number;

  it('the template: a header row in the language asked, a Status drop-down on a hidden sheet, the header frozen', async () => {
    const vi = await download('/api/master-data/zones/template', 'vi-VN,vi;q=0.9');
    assert.equal(vi.disposition, `attachment; filename="zones-template-${today()}.xlsx"`);
    const wb = await load(vi.bytes);
    const sheet = wb.worksheets[0]!;
    assert.equal(sheet.name, 'Vị trí (khu vực)', 'the sheet is named as the menu names the catalogue');
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['Mã khu vực', 'Tên', 'Mô tả', 'Trạng thái']);
    assert.equal(sheet.actualRowCount, 1);
    assert.equal(sheet.views[0]?.state, 'frozen');
    const lists = wb.getWorksheet('Lists')!;
    assert.equal(lists.state, 'hidden');
    assert.deepEqual([lists.getCell('A1').value, lists.getCell('A2').value], ['ACTIVE', 'INACTIVE']);
    const validation = (sheet as unknown as { dataValidations: { find(address: string): ExcelJS.DataValidation | undefined } }).dataValidations.find('D2');
    assert.deepEqual([validation?.type, validation?.formulae], ['list', ['Lists!$A$1:$A$2']]);

    const en = await load((await download('/api/master-data/seasons/template', 'en')).bytes);
    assert.deepEqual((en.worksheets[0]!.getRow(1).values as unknown[]).slice(1), ['Code', 'Name', 'Description', 'Status']);
  });

  it('round trip: 1,000 rows typed into the template are imported in one go, and an export of a filter gives exactly those rows', async () => {
    const template = await load((await download('/api/master-data/seasons/template')).bytes);
    const sheet = template.worksheets[0]!;
    const expected: string[][] = [];
    for (let i = 1; i <= 1000; i++) {
      const row = [
        `SS${String(i).padStart(4, '0')}`,
        `Mùa ${i} – ${i % 2 ? 'Xuân Hè' : 'Thu Đông'} đặc biệt`,
        i % 10 === 0 ? `Ghi chú ${i}: hàng mẫu` : '',
        i % 5 === 0 ? 'INACTIVE' : i % 3 === 0 ? '' : 'ACTIVE',
      ];
      sheet.addRow(row);
      expected.push(row);
    }
    const res = await upload('seasons', Buffer.from(await template.xlsx.writeBuffer()));
    assert.equal(res.status, 201, JSON.stringify(res.body).slice(0, 500));
    assert.deepEqual(res.body, { created: 1000 });
    assert.equal(await total('seasons'), 1000);

    // the inactive spring-summer seasons (i % 5 === 0 and i odd), asked with a page that the export ignores
    const { bytes, disposition } = await download('/api/master-data/seasons/export?q=xu%C3%A2n%20h%C3%A8&status=INACTIVE&sort=code:asc&page=3&size=10');
    assert.equal(disposition, `attachment; filename="seasons-${today()}.xlsx"`);
    const want = expected
      .filter((_, idx) => (idx + 1) % 5 === 0 && (idx + 1) % 2 === 1)
      .map(([code, name, description]) => [code, name, description || null, 'INACTIVE']);
    assert.equal(want.length, 100);
    assert.deepEqual(dataRows(await load(bytes), 4), want, 'all pages of the filter, Vietnamese intact, no paging applied');

    const all = dataRows(await load((await download('/api/master-data/seasons/export?sort=code:desc')).bytes), 4);
    assert.equal(all.length, 1000);
    assert.deepEqual(all[999], ['SS0001', 'Mùa 1 – Xuân Hè đặc biệt', null, 'ACTIVE']);
    assert.deepEqual(all[0], ['SS1000', 'Mùa 1000 – Thu Đông đặc biệt', 'Ghi chú 1000: hàng mẫu', 'INACTIVE']);
    assert.equal(all.filter((r) => r[3] === 'ACTIVE').length, 800, 'an empty Status cell is ACTIVE');
  });

  it('a file with one wrong row imports nothing and names that row and column', async () => {
    const before = await total('zones');
    const bytes = await sheetOf(
      ['Zone ID', 'Name', 'Description', 'Status'],
      [
        ['KA1', 'Kho A1', null, 'ACTIVE'],
        ['KA2', 'Kho A2', null, null],
        ['KA3', '   ', 'tên trống', 'ACTIVE'],
        ['KA4', 'Kho A4', null, 'INACTIVE'],
      ],
    );
    const res = await upload('zones', bytes);
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'BAD_REQUEST_ERROR');
    assert.deepEqual(res.body.details, [{ row: 4, column: 'Name', code: 'NAME_MUST_BE_NOT_BLANK', message: 'Name must not be blank' }]);
    assert.equal(await total('zones'), before, 'nothing written');

    const many = await sheetOf(
      ['Mã khu vực', 'Tên', 'Trạng thái'],
      [
        ['kb-1', 'Kho B1', 'ACTIVE'],
        ['KB2', 'Kho B2', 'ON'],
        ['KB3', 'x'.repeat(51), null],
        ['KB4', 'Kho B4', null],
      ],
    );
    const vi = await upload('zones', many, 'nhieu-loi.xlsx', 'vi');
    assert.equal(vi.status, 400);
    assert.deepEqual(vi.body.details as ImportRowError[], [
      { row: 2, column: 'Mã khu vực', code: 'BAD_REQUEST_ERROR', message: 'Sai định dạng: 2–100 chữ in hoa và chữ số' },
      { row: 3, column: 'Trạng thái', code: 'BAD_REQUEST_ERROR', message: 'Phải là một trong: ACTIVE, INACTIVE' },
      { row: 4, column: 'Tên', code: 'BAD_REQUEST_ERROR', message: 'Tối đa 50 ký tự' },
    ]);
    assert.equal(await total('zones'), before);
  });

  it('duplicates inside the file, or with what the catalogue holds, ignoring case: nothing imported, each later row named', async () => {
    await t.api(admin).post('/api/master-data/zones').send({ code: 'KC0', name: 'Kho C0' }).expect(201);
    const before = await total('zones');
    const bytes = await sheetOf(
      ['Zone ID', 'Name'],
      [
        ['KC1', 'Kho C1'],
        ['KC2', 'KHO C1'],
        ['KC0', 'Kho C3'],
        ['KC4', 'kho c0'],
        ['KC1', 'Kho C5'],
      ],
    );
    const res = await upload('zones', bytes);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.details as ImportRowError[], [
      { row: 3, column: 'Name', code: 'NAME_EXISTS', message: 'Name already exists (same as row 2)' },
      { row: 4, column: 'Zone ID', code: 'ZONE_ID_EXISTS', message: 'Zone ID already exists' },
      { row: 5, column: 'Name', code: 'NAME_EXISTS', message: 'Name already exists' },
      { row: 6, column: 'Zone ID', code: 'ZONE_ID_EXISTS', message: 'Zone ID already exists (same as row 2)' },
    ]);
    assert.equal(await total('zones'), before);

    const codes = await upload('types', await sheetOf(['Code', 'Name'], [['t.1', 'Một'], ['T.1', 'Hai']]));
    assert.deepEqual(
      (codes.body.details as ImportRowError[]).map((d) => [d.row, d.column, d.code]),
      [[3, 'Code', 'ID_EXISTS']],
    );
  });

  it('what is not an .xlsx, an empty file and a missing column are refused; so is an upload above the limit, with 413', async () => {
    const csv = await upload('sizes', Buffer.from('code,name\nS,Small\n'), 'sizes.csv');
    assert.equal(csv.status, 400);
    assert.deepEqual(csv.body.details, [{ field: 'file', rule: 'xlsx', message: 'Only Excel .xlsx files are accepted' }]);
    const renamed = await upload('sizes', Buffer.from('code,name\nS,Small\n'), 'sizes.xlsx');
    assert.equal(renamed.status, 400);
    assert.equal(renamed.body.details[0].rule, 'xlsx');
    const none = await t.api(admin).post('/api/master-data/sizes/import').send({});
    assert.equal(none.status, 400);
    assert.equal(none.body.details[0].rule, 'required');

    const empty = await upload('sizes', await sheetOf(['Code', 'Name', 'Status'], []));
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.details, [{ row: 2, column: 'Code', code: 'BAD_REQUEST_ERROR', message: 'The file has no data rows' }]);
    const missing = await upload('sizes', await sheetOf(['Code', 'Description'], [['S', 'nhỏ']]));
    assert.deepEqual(missing.body.details, [{ row: 1, column: 'Name', code: 'BAD_REQUEST_ERROR', message: 'This column is missing from the header row' }]);

    const big = Buffer.alloc(LIMITS.EXCEL_UPLOAD_MAX_BYTES + 1024, 0x41);
    big.write('PK\x03\x04', 0, 'latin1');
    for (const [language, message] of [
      ['en', 'The file is too large: files of at most 5 MB are accepted'],
      ['vi', 'Tệp quá lớn: chỉ nhận tệp tối đa 5 MB'],
    ]) {
      const res = await upload('sizes', big, 'big.xlsx', language);
      assert.equal(res.status, 413);
      assert.deepEqual(res.body, { code: 'PAYLOAD_TOO_LARGE', message, details: { field: 'file', maxBytes: LIMITS.EXCEL_UPLOAD_MAX_BYTES } });
    }
    assert.equal(await total('sizes'), 0);
  });

  it('formula-looking text is exported escaped, and comes back as it was when the export is imported elsewhere', async () => {
    for (const [code, name] of [
      ['F1', '=1+1'],
      ['F2', '+SUM(A1:A2)'],
      ['F3', '@cmd'],
      ['F4', '-2'],
      ['F5', 'Bình thường'],
    ]) {
      await t.api(admin).post('/api/master-data/categories').send({ code, name, description: '=HYPERLINK("http://x")' }).expect(201);
    }
    const exported = await download('/api/master-data/categories/export?sort=code:asc');
    const rows = dataRows(await load(exported.bytes), 4);
    assert.deepEqual(
      rows.map((r) => r[1]),
      ["'=1+1", "'+SUM(A1:A2)", "'@cmd", "'-2", 'Bình thường'],
    );
    assert.equal(rows[0]![2], `'=HYPERLINK("http://x")`);
    const sheet = (await load(exported.bytes)).worksheets[0]!;
    assert.equal(sheet.getCell('B2').type, ExcelJS.ValueType.String, 'a text cell, not a formula');

    const res = await upload('customers', exported.bytes, 'categories.xlsx');
    assert.deepEqual(res.body, { created: 5 });
    const names = (await t.api(admin).get('/api/master-data/customers?sort=code:asc').expect(200)).body.data.map((i: { name: string }) => i.name);
    assert.deepEqual(names, ['=1+1', '+SUM(A1:A2)', '@cmd', '-2', 'Bình thường']);
  });

  it('rebuilding the projections gives the same master_data_items rows', async () => {
    const rows = async () => (await sql`select * from master_data_items order by id`.execute(t.platform.db)).rows;
    const live = await rows();
    assert.ok(live.length > 1000);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['master-data']);
    assert.deepEqual(await rows(), live);
  });
});
