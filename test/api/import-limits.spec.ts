import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { suiteApp, type SuiteApp } from './suite-app.js';

async function seasonsFile(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Mùa').addRows([['Mã', 'Tên'], ...rows]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('an import is capped: rows read, cell length, errors answered', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({ config: { importMaxRows: 300 } }, (app) => ({ t, admin } = app));

  const upload = async (file: Buffer) => t.api(admin).post('/api/master-data/seasons/import').set('accept-language', 'en').attach('file', file, 'seasons.xlsx');

  it('more rows than IMPORT_MAX_ROWS: 400 IMPORT_TOO_MANY_ROWS naming the first row over, nothing written', async () => {
    const res = await upload(await seasonsFile(Array.from({ length: 301 }, (_, i) => [`S${i}`, `Mùa ${i}`])));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.details, [{ row: 302, column: '', code: 'IMPORT_TOO_MANY_ROWS', message: 'One import takes at most 300 data rows' }]);
    const ok = await upload(await seasonsFile(Array.from({ length: 300 }, (_, i) => [`S${i}`, `Mùa ${i}`])));
    assert.deepEqual([ok.status, ok.body.created], [201, 300]);
  });

  it('every row wrong: the first 100 errors in reading order, and how many in all', async () => {
    const res = await upload(await seasonsFile(Array.from({ length: 250 }, (_, i) => [`bad code ${i}`, null])));
    assert.equal(res.status, 400);
    assert.equal(res.body.detailsTotal, 500, 'two wrong cells a row');
    assert.equal(res.body.details.length, 100);
    assert.deepEqual(res.body.details.slice(0, 2).map((d: { row: number; column: string }) => [d.row, d.column]), [[2, 'Code'], [2, 'Name']]);
    assert.equal(res.body.details.at(-1).row, 51);
  });

  it('a cell over 1,000 characters: 400 IMPORT_CELL_TOO_LONG naming the cell', async () => {
    const res = await upload(await seasonsFile([['S1', 'ok'], ['S2', 'x'.repeat(1001)]]));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.details, [{ row: 3, column: 'Name', code: 'IMPORT_CELL_TOO_LONG', message: 'A cell holds at most 1000 characters' }]);
  });
});
