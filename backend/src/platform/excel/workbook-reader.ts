import type { ImportRowError, Language } from '@rfid/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../errors/app-error.js';
import type { ExcelColumn } from './excel-column.js';
import { unescapeFormula } from './formula-escape.js';
import { IMPORT_MESSAGES } from './import-messages.js';

/** One data row of an imported sheet: its spreadsheet row number (the header is row 1) and its cells as text. */
export interface ReadRow<K extends string> {
  row: number;
  values: Record<K, string>;
}

const normalHeader = (text: string) => text.trim().replace(/\s*\*$/, '').toLowerCase();

/** A cell as the text the user sees: rich text joined, a formula's result, a hyperlink's text, a number written out. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unescapeFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return unescapeFormula(value.richText.map((r) => r.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined || (typeof result === 'object' && result !== null && 'error' in result) ? '' : cellText(result);
  }
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

export class NotAWorkbookError extends Error {}

async function load(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typing predates Node's generic Buffer
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (err) {
    throw new NotAWorkbookError((err as Error).message);
  }
  return workbook;
}

/**
 * The data rows of an uploaded .xlsx: the first visible sheet, its first row the header (either
 * language's header, or the key, ignoring case and a trailing '*'), rows keyed by column; empty rows
 * skipped, text that the export escaped against formula injection unescaped. A file that is not a
 * workbook, or lacks a required column, is refused: 400 BAD_REQUEST_ERROR naming the file or the column.
 */
export async function readRows<K extends string>(
  buffer: Buffer,
  columns: readonly ExcelColumn<K>[],
  options: { language: Language },
): Promise<ReadRow<K>[]> {
  const lang = options.language;
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await load(buffer);
  } catch (err) {
    if (err instanceof NotAWorkbookError) throw new AppError('BAD_REQUEST_ERROR', [{ field: 'file', rule: 'xlsx', message: IMPORT_MESSAGES.notXlsx[lang] }]);
    throw err;
  }
  const sheet = workbook.worksheets.find((s) => s.state === 'visible') ?? workbook.worksheets[0];
  const positions = new Map<K, number>();
  if (sheet) {
    const names = new Map<string, K>();
    for (const c of columns) for (const name of [c.header.vi, c.header.en, c.key]) names.set(normalHeader(name), c.key);
    sheet.getRow(1).eachCell((cell, col) => {
      const key = names.get(normalHeader(cellText(cell.value)));
      if (key !== undefined && !positions.has(key)) positions.set(key, col);
    });
  }
  const missing: ImportRowError[] = columns
    .filter((c) => c.required && !positions.has(c.key))
    .map((c) => ({ row: 1, column: c.header[lang], code: 'BAD_REQUEST_ERROR', message: IMPORT_MESSAGES.missingColumn[lang] }));
  if (missing.length) throw new AppError('BAD_REQUEST_ERROR', missing);

  const rows: ReadRow<K>[] = [];
  sheet?.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = {} as Record<K, string>;
    let blank = true;
    for (const c of columns) {
      const col = positions.get(c.key);
      const text = col === undefined ? '' : cellText(row.getCell(col).value);
      if (text.trim() !== '') blank = false;
      values[c.key] = text;
    }
    if (!blank) rows.push({ row: rowNumber, values });
  });
  return rows;
}
