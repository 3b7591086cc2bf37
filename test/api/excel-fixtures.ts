import ExcelJS from 'exceljs';
import type request from 'supertest';

/** Helpers of the Excel API tests: read a download, make an upload. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** supertest keeps a binary answer as a Buffer with this parser. */
export function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

export async function load(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** The data rows of the first sheet (under its header row), `width` cells each. */
export function dataRows(wb: ExcelJS.Workbook, width: number): unknown[][] {
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) rows.push(Array.from({ length: width }, (_, i) => (row.values as unknown[])[i + 1] ?? null));
  });
  return rows;
}

/** A workbook with one sheet: a header row, then the rows. */
export async function sheetOf(header: string[], rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
