import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { buffer } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { waitFor } from '../../testing/wait-for.js';
import type { AppError } from '../errors/app-error.js';
import type { ExcelColumn } from './excel-column.js';
import { excelFileName, xlsxContent } from './excel-http.js';
import { duplicatesInFile, parseRows } from './row-errors.js';
import { readRows } from './workbook-reader.js';
import { LISTS_SHEET, writeTemplate, writeWorkbook, type ExcelRow } from './workbook-writer.js';
import { z } from 'zod';

type Key = 'code' | 'name' | 'status';
const columns: ExcelColumn<Key>[] = [
  { key: 'code', header: { vi: 'Mã', en: 'Code' }, required: true },
  { key: 'name', header: { vi: 'Tên', en: 'Name' }, width: 30, required: true, blankCode: 'NAME_MUST_BE_NOT_BLANK' },
  { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, list: ['ACTIVE', 'INACTIVE'] },
];

async function workbookOf(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const [bytes] = await Promise.all([buffer(out), write(out)]);
  return bytes;
}

async function load(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

async function* slowly(rows: ExcelRow<Key>[]) {
  for (const row of rows) yield row;
}

const caught = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  assert.fail('expected a refusal');
};

describe('Excel files', () => {
  it('a template: header in the asked language, frozen, and a drop-down kept on a hidden sheet', async () => {
    const wb = await load(await workbookOf((out) => writeTemplate(out, columns, { language: 'vi', sheetName: 'Mùa' })));
    const sheet = wb.getWorksheet('Mùa')!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['Mã', 'Tên', 'Trạng thái']);
    assert.equal(sheet.getRow(1).font?.bold, true);
    assert.equal(sheet.views[0]?.state, 'frozen');
    assert.equal((sheet.views[0] as { ySplit?: number }).ySplit, 1);
    const lists = wb.getWorksheet(LISTS_SHEET)!;
    assert.equal(lists.state, 'hidden');
    assert.deepEqual([lists.getCell('A1').value, lists.getCell('A2').value], ['ACTIVE', 'INACTIVE']);
    const validation = (sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }).dataValidations.model;
    const statusList = Object.entries(validation).find(([address]) => address.startsWith('C2'));
    assert.ok(statusList, `a validation on the status column: ${Object.keys(validation).join(', ')}`);
    assert.equal(statusList[1].type, 'list');
    assert.deepEqual(statusList[1].formulae, [`${LISTS_SHEET}!$A$1:$A$2`]);
  });

  it('rows from an async source, Vietnamese intact, formula-looking text escaped, and read back as written', async () => {
    const rows: ExcelRow<Key>[] = [
      { code: 'S1', name: 'Mùa Xuân – Hè 2026', status: 'ACTIVE' },
      { code: 'S2', name: '=1+1', status: 'INACTIVE' },
      { code: 'S3', name: '@cmd', status: null },
    ];
    const bytes = await workbookOf((out) => writeWorkbook(out, columns, slowly(rows), { language: 'en' }));
    const sheet = (await load(bytes)).worksheets[0]!;
    assert.equal(sheet.getCell('B2').value, 'Mùa Xuân – Hè 2026');
    assert.equal(sheet.getCell('B3').value, "'=1+1", 'stored as text with a leading quote, never a formula');
    assert.equal(sheet.getCell('B4').value, "'@cmd");
    const read = await readRows(bytes, columns, { language: 'en', maxRows: 100_000 });
    assert.deepEqual(read, [
      { row: 2, values: { code: 'S1', name: 'Mùa Xuân – Hè 2026', status: 'ACTIVE' } },
      { row: 3, values: { code: 'S2', name: '=1+1', status: 'INACTIVE' } },
      { row: 4, values: { code: 'S3', name: '@cmd', status: '' } },
    ]);
  });

  it('reading accepts either language, in any column order, skips empty rows and turns numbers, rich text and formulas into text', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('x');
    sheet.addRow(['Trạng thái', 'extra', ' name * ', 'CODE']);
    sheet.addRow(['ACTIVE', 'ignored', { richText: [{ text: 'Giày ' }, { text: 'nữ' }] }, 101]);
    sheet.addRow([]);
    sheet.addRow([null, null, { formula: 'CONCAT("a","b")', result: 'ab' }, 'K2']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    assert.deepEqual(await readRows(bytes, columns, { language: 'vi', maxRows: 100_000 }), [
      { row: 2, values: { code: '101', name: 'Giày nữ', status: 'ACTIVE' } },
      { row: 4, values: { code: 'K2', name: 'ab', status: '' } },
    ]);
  });

  it('reading keeps every Vietnamese character whole, shared or inline strings, on a hidden-sheet-first workbook too', async () => {
    // Long runs of multi-byte characters: a decompressed chunk boundary falls inside one in nearly every chunk.
    const names = Array.from({ length: 6000 }, (_, i) => `${i} Giày thể thao nữ — Đông Á ${'ưỡ'.repeat(i % 13)}`);
    const shared = new ExcelJS.Workbook();
    shared.addWorksheet('Danh sách ẩn', { state: 'hidden' }).addRow(['Code', 'Name']);
    const visible = shared.addWorksheet('Mẫu');
    visible.addRow(['Code', 'Name']);
    for (const [i, name] of names.entries()) visible.addRow([`C${i}`, name]);
    const inline = await workbookOf(async (out) => {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
      const sheet = wb.addWorksheet('Mẫu');
      sheet.addRow(['Code', 'Name']).commit();
      for (const [i, name] of names.entries()) sheet.addRow([`C${i}`, name]).commit();
      await wb.commit();
    });
    for (const bytes of [Buffer.from(await shared.xlsx.writeBuffer()), inline]) {
      const rows = await readRows(bytes, columns, { language: 'en', maxRows: 100_000 });
      assert.equal(rows.length, names.length);
      const broken = rows.filter((r, i) => r.values.name !== names[i]);
      assert.deepEqual(broken.slice(0, 3), [], `${broken.length} names came back changed`);
    }
  });

  it('reading tells its progress in bytes of the file, ending at the whole file', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('x');
    sheet.addRow(['Code', 'Name']);
    for (let i = 0; i < 20_000; i++) sheet.addRow([`C${i}`, `Tên ${i}`]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const heard: [string, number, number][] = [];
    await readRows(bytes, columns, { language: 'en', maxRows: 100_000, progress: (phase, done, total) => heard.push([phase, done, total]) });
    assert.deepEqual(heard[0], ['reading', 0, bytes.length]);
    assert.deepEqual(heard.at(-1), ['reading', bytes.length, bytes.length]);
    assert.ok(heard.length > 3, 'progress along the way');
    assert.ok(heard.every(([, done], i) => i === 0 || done >= heard[i - 1]![1]), 'never backwards');
  });

  it('a file without a required column, or not a workbook at all, is refused', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Code', 'Status']);
    const missing = await caught(readRows(Buffer.from(await wb.xlsx.writeBuffer()), columns, { language: 'en', maxRows: 100_000 }));
    assert.equal(missing.code, 'BAD_REQUEST_ERROR');
    assert.deepEqual(missing.details, [{ row: 1, column: 'Name', code: 'BAD_REQUEST_ERROR', message: 'This column is missing from the header row' }]);
    const junk = await caught(readRows(Buffer.from('PK\x03\x04 not really a zip'), columns, { language: 'vi', maxRows: 100_000 }));
    assert.deepEqual(junk.details, [{ field: 'file', rule: 'xlsx', message: 'Chỉ nhận tệp Excel .xlsx' }]);
    const file = (originalname: string, content: string) => ({ originalname, mimetype: 'x', size: content.length, buffer: Buffer.from(content) });
    assert.equal((await caught(Promise.resolve().then(() => xlsxContent(file('a.csv', 'PK\x03\x04'), 'en')))).code, 'BAD_REQUEST_ERROR');
    assert.equal((await caught(Promise.resolve().then(() => xlsxContent(file('a.xlsx', 'code,name'), 'en')))).code, 'BAD_REQUEST_ERROR');
    assert.equal((await caught(Promise.resolve().then(() => xlsxContent(undefined, 'en')))).code, 'BAD_REQUEST_ERROR');
    assert.equal(xlsxContent(file('A.XLSX', 'PK\x03\x04...'), 'en').length, 7);
  });

  it('a 100 MB cell in a 100 KB file is refused without being read into memory, shared or inline', async () => {
    const huge = 'x'.repeat(100_000_000);
    const shared = new ExcelJS.Workbook();
    shared.addWorksheet('x').addRows([['Code', 'Name'], ['C1', huge]]);
    const inline = await workbookOf(async (out) => {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
      const ws = wb.addWorksheet('x');
      ws.addRow(['Code', 'Name']).commit();
      ws.addRow(['C1', huge]).commit();
      await wb.commit();
    });
    for (const bytes of [Buffer.from(await shared.xlsx.writeBuffer()), inline]) {
      assert.ok(bytes.length < 1_000_000, `the file is small (${bytes.length} bytes)`);
      const before = process.memoryUsage();
      let peak = 0;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
      }, 1);
      const refused = await caught(readRows(bytes, columns, { language: 'en', maxRows: 100 }));
      clearInterval(sampler);
      assert.equal(refused.code, 'IMPORT_CELL_TOO_LONG');
      // Read whole, the cell alone would take 100 MB as bytes and as much again as text.
      assert.ok(peak < 32_000_000, `the read grew memory by ${Math.round(peak / 1e6)} MB`);
    }
    // Just over the limit, within what the stream guard lets through: refused at the cell, which is named.
    const near = new ExcelJS.Workbook();
    near.addWorksheet('x').addRows([['Code', 'Name'], ['C1', 'ok'], ['C2', 'y'.repeat(1001)]]);
    const refused = await caught(readRows(Buffer.from(await near.xlsx.writeBuffer()), columns, { language: 'en', maxRows: 100 }));
    assert.deepEqual([refused.code, refused.details], ['IMPORT_CELL_TOO_LONG', [{ row: 3, column: 'Name', code: 'IMPORT_CELL_TOO_LONG', message: 'A cell holds at most 1000 characters' }]]);
  });

  it('more data rows than the cap: refused at the first row over it', async () => {
    const bytes = await workbookOf(async (out) => {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
      const ws = wb.addWorksheet('x');
      ws.addRow(['Code', 'Name']).commit();
      for (let i = 0; i < 30_000; i++) ws.addRow([`C${i}`, `Tên ${i}`]).commit();
      await wb.commit();
    });
    const refused = await caught(readRows(bytes, columns, { language: 'vi', maxRows: 1000 }));
    assert.deepEqual([refused.code, refused.details], ['IMPORT_TOO_MANY_ROWS', [{ row: 1002, column: '', code: 'IMPORT_TOO_MANY_ROWS', message: 'Một lần nhập tối đa 1000 dòng dữ liệu' }]]);
    assert.equal((await readRows(bytes, columns, { language: 'vi', maxRows: 30_000 })).length, 30_000, 'exactly the cap is read');
  });

  it('row checks: a cell holding a NUL or a lone surrogate is TEXT_NOT_VALID, whatever its column', () => {
    const schema = z.object({ code: z.string().regex(/^[A-Z0-9]+$/), name: z.string().min(1), status: z.string() });
    const rows = [
      { row: 2, values: { code: 'A\u0000', name: 'ok', status: '' } },
      { row: 3, values: { code: 'B', name: 'bad \uD800 half', status: '' } },
      { row: 4, values: { code: 'C', name: 'Giày 👟', status: '' } },
    ];
    const { parsed, errors } = parseRows(rows, columns, schema, (v) => v, 'en');
    assert.deepEqual(parsed.map((p) => p.row), [4]);
    assert.deepEqual(errors.map((e) => [e.row, e.column, e.code]), [
      [2, 'Code', 'TEXT_NOT_VALID'],
      [3, 'Name', 'TEXT_NOT_VALID'],
    ]);
  });

  it('row checks: each broken rule once per column with its code, and duplicates naming the earlier row', () => {
    const schema = z.object({ code: z.string().trim().min(2).max(5), name: z.string().trim().min(1), status: z.enum(['ACTIVE', 'INACTIVE']).optional() });
    const rows = [
      { row: 2, values: { code: 'AB', name: 'x', status: '' } },
      { row: 3, values: { code: 'ABCDEF', name: '  ', status: 'ON' } },
      { row: 4, values: { code: 'ab', name: 'y', status: '' } },
    ];
    const toInput = (v: Record<Key, string>) => ({ ...v, status: v.status || undefined });
    const { parsed, errors } = parseRows(rows, columns, schema, toInput, 'en');
    assert.deepEqual(parsed.map((p) => p.row), [2, 4]);
    assert.deepEqual(errors, [
      { row: 3, column: 'Code', code: 'BAD_REQUEST_ERROR', message: 'At most 5 characters' },
      { row: 3, column: 'Name', code: 'NAME_MUST_BE_NOT_BLANK', message: 'Name must not be blank' },
      { row: 3, column: 'Status', code: 'BAD_REQUEST_ERROR', message: 'Must be one of: ACTIVE, INACTIVE' },
    ]);
    assert.deepEqual(duplicatesInFile(parsed, (v) => v.code.toLowerCase(), columns[0]!, 'ID_EXISTS', 'vi'), [
      { row: 4, column: 'Mã', code: 'ID_EXISTS', message: 'ID đã tồn tại (trùng với dòng 2)' },
    ]);
  });

  it('a reader that goes away (a stalled client, then closed) stops the writing and closes the row source', { timeout: 10_000 }, async () => {
    let sourceClosed = false;
    async function* endless(): AsyncGenerator<ExcelRow<Key>> {
      try {
        for (let i = 0; ; i++) {
          // a database source waits for its next batch
          if (i % 100 === 0) await nextTurn();
          yield { code: `C${i}`, name: `Tên dài dài ${i}`.padEnd(40, '.'), status: 'ACTIVE' };
        }
      } finally {
        sourceClosed = true;
      }
    }
    const stalled = new Writable({ highWaterMark: 1024, write: () => {} });
    const writing = writeWorkbook(stalled, columns, endless(), { language: 'en' });
    await waitFor('the writer to be held back by the stalled reader', () => stalled.writableNeedDrain);
    stalled.destroy();
    await assert.rejects(writing, /closed it before the end/);
    assert.ok(sourceClosed);
  });

  it('a column with a number format: its cells carry it (a date with its time), the others none', async () => {
    const dated: ExcelColumn<'code' | 'at'>[] = [
      { key: 'code', header: { vi: 'Mã', en: 'Code' } },
      { key: 'at', header: { vi: 'Lúc', en: 'At' }, numFmt: 'hh:mm:ss dd/mm/yyyy' },
    ];
    const at = new Date('2026-11-21T08:09:10Z');
    const bytes = await workbookOf((out) => writeWorkbook(out, dated, [{ code: 'A', at }, { code: 'B', at: null }], { language: 'en' }));
    const sheet = (await load(bytes)).worksheets[0]!;
    assert.deepEqual([sheet.getCell('B2').value, sheet.getCell('B2').numFmt], [at, 'hh:mm:ss dd/mm/yyyy']);
    assert.equal(sheet.getCell('A2').numFmt, undefined);
    assert.equal(sheet.getRow(1).font?.bold, true, 'the header keeps its own style');
  });

  it('file names say what and when', () => {
    assert.equal(excelFileName('seasons', new Date('2026-11-21T23:00:00Z')), 'seasons-2026-11-21.xlsx');
  });
});
