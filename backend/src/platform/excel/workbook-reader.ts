import type { ImportRowError, Language } from '@rfid/contracts';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { AppError } from '../errors/app-error.js';
import type { ExcelColumn } from './excel-column.js';
import { unescapeFormula } from './formula-escape.js';
import { silentProgress, type ProgressReporter } from './import-progress.js';
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

/** The buffer as a stream of chunks, telling how many bytes have been handed on (the reading progress). */
function chunksOf(buffer: Buffer, onRead: (bytes: number) => void): Readable {
  const CHUNK = 64 * 1024;
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= buffer.length) {
        this.push(null);
        return;
      }
      const end = Math.min(offset + CHUNK, buffer.length);
      this.push(buffer.subarray(offset, end));
      offset = end;
      onRead(offset);
    },
  });
}

/** Byte chunks as text, a character split between two chunks kept whole. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The parts of exceljs's WorkbookReader that decode XML (not in its typings). */
interface WorkbookReaderInternals {
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
}
type WorkbookReaderClass = new (input: Readable, options: ExcelJS.stream.xlsx.WorkbookStreamReaderOptions) => AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader> &
  WorkbookReaderInternals;

/**
 * exceljs 4.4's streaming reader decodes each decompressed chunk of a part on its own, so a character
 * whose UTF-8 bytes straddle two chunks turns into U+FFFD: about one Vietnamese cell in a few thousand
 * came back broken (exceljs issues #2084 and #2316; the fixes were never merged). This reader hands the
 * parser text decoded across chunk boundaries instead: the workbook part (sheet names), the shared
 * strings and every worksheet.
 */
class Utf8WorkbookReader extends (ExcelJS.stream.xlsx.WorkbookReader as unknown as WorkbookReaderClass) {
  override _parseWorkbook(entry: Readable) {
    entry.setEncoding('utf8');
    return super._parseWorkbook(entry);
  }

  override async *_parseSharedStrings(entry: Readable) {
    entry.setEncoding('utf8');
    yield* super._parseSharedStrings(entry);
  }

  override *_parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    yield* super._parseWorksheet(utf8Text(iterator), sheetNo);
  }
}

const hidden = (sheet: ExcelJS.stream.xlsx.WorksheetReader) => {
  const state = (sheet as { state?: string }).state;
  return state === 'hidden' || state === 'veryHidden';
};

/**
 * The data rows of an uploaded .xlsx, read as a stream (exceljs's WorkbookReader: no workbook model
 * in memory, styles ignored): the first visible sheet, its first row the header (either language's
 * header, or the key, ignoring case and a trailing '*'), rows keyed by column; empty rows skipped,
 * text that the export escaped against formula injection unescaped. A file that is not a workbook,
 * or lacks a required column, is refused: 400 BAD_REQUEST_ERROR naming the file or the column.
 * `progress` hears 'reading' with the bytes of the file read so far.
 */
export async function readRows<K extends string>(
  buffer: Buffer,
  columns: readonly ExcelColumn<K>[],
  options: { language: Language; progress?: ProgressReporter },
): Promise<ReadRow<K>[]> {
  const lang = options.language;
  const progress = options.progress ?? silentProgress;
  const names = new Map<string, K>();
  for (const c of columns) for (const name of [c.header.vi, c.header.en, c.key, ...(c.formerHeaders ?? [])]) names.set(normalHeader(name), c.key);
  const positions = new Map<K, number>();
  const rows: ReadRow<K>[] = [];
  let dataSheetSeen = false;

  const checkHeader = () => {
    const missing: ImportRowError[] = columns
      .filter((c) => c.required && !positions.has(c.key))
      .map((c) => ({ row: 1, column: c.header[lang], code: 'BAD_REQUEST_ERROR', message: IMPORT_MESSAGES.missingColumn[lang] }));
    if (missing.length) throw new AppError('BAD_REQUEST_ERROR', missing);
  };

  progress('reading', 0, buffer.length);
  const reader = new Utf8WorkbookReader(chunksOf(buffer, (bytes) => progress('reading', bytes, buffer.length)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      const isData: boolean = !dataSheetSeen && !hidden(sheet);
      dataSheetSeen ||= isData;
      let headerRead = false;
      for await (const row of sheet) {
        // Other sheets (the template's hidden lists) are read through, so the zip stream moves on.
        if (!isData) continue;
        if (!headerRead) {
          headerRead = true;
          if (row.number === 1) {
            row.eachCell((cell, col) => {
              const key = names.get(normalHeader(cellText(cell.value)));
              if (key !== undefined && !positions.has(key)) positions.set(key, col);
            });
          }
          checkHeader();
          if (row.number === 1) continue;
        }
        const values = {} as Record<K, string>;
        let blank = true;
        for (const c of columns) {
          const col = positions.get(c.key);
          const text = col === undefined ? '' : cellText(row.getCell(col).value);
          if (text.trim() !== '') blank = false;
          values[c.key] = text;
        }
        if (!blank) rows.push({ row: row.number, values });
      }
      if (isData && !headerRead) checkHeader();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Anything else the reader trips on is the file's fault: not a zip, or not a workbook inside.
    throw new AppError('BAD_REQUEST_ERROR', [{ field: 'file', rule: 'xlsx', message: IMPORT_MESSAGES.notXlsx[lang] }]);
  }
  if (!dataSheetSeen) checkHeader();
  progress('reading', buffer.length, buffer.length);
  return rows;
}
