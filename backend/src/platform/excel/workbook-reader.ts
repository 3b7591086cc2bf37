import { LIMITS, type ImportRowError, type Language } from '@rfid/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { AppError } from '../errors/app-error.js';
import type { ExcelColumn } from './excel-column.js';
import { unescapeFormula } from './formula-escape.js';
import { silentProgress, type ProgressReporter } from './progress-reporter.js';
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

/**
 * The longest run of XML text without a tag that a cell within LIMITS.IMPORT_CELL_MAX characters can
 * take (an escaped character takes up to 10: `&#x1F600;`). A longer run can only be a cell over the
 * limit, so the read stops there instead of building it: a 100 KB file can hold a 100 MB cell.
 */
const MAX_TEXT_RUN = LIMITS.IMPORT_CELL_MAX * 10;

function cellTooLong(lang: Language, at?: { row: number; column: string }): AppError {
  return new AppError('IMPORT_CELL_TOO_LONG', [
    { row: at?.row ?? 0, column: at?.column ?? '', code: 'IMPORT_CELL_TOO_LONG', message: IMPORT_MESSAGES.cellTooLong(LIMITS.IMPORT_CELL_MAX)[lang] },
  ]);
}

/** The XML text passed on as it comes, refused (IMPORT_CELL_TOO_LONG) at the first run of text longer than MAX_TEXT_RUN. */
async function* withinCellLimit(chunks: AsyncIterable<string>, lang: Language): AsyncGenerator<string> {
  let run = 0;
  for await (const chunk of chunks) {
    const parts = chunk.split('<');
    for (const [i, part] of parts.entries()) {
      run = i === 0 ? run + part.length : part.length;
      if (run > MAX_TEXT_RUN) throw cellTooLong(lang);
    }
    yield chunk;
  }
}

/**
 * The most bytes one part of the workbook (a worksheet, the shared strings) may unzip to. A 5 MB zip
 * can unzip to gigabytes; a sheet within the row cap takes a few megabytes.
 */
const MAX_PART_BYTES = 64 * 1024 * 1024;

/** A part's bytes passed on as they are unzipped, refused (413 PAYLOAD_TOO_LARGE) past MAX_PART_BYTES. */
async function* withinPartLimit(part: AsyncIterable<Buffer>, lang: Language): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of part) {
    bytes += chunk.length;
    if (bytes > MAX_PART_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', [{ field: 'file', rule: 'unzipped-size', limit: MAX_PART_BYTES, message: IMPORT_MESSAGES.partTooLarge[lang] }]);
    }
    yield chunk;
  }
}

/** The parts of exceljs's WorkbookReader that decode XML (not in its typings). */
interface WorkbookReaderInternals {
  options: ExcelJS.stream.xlsx.WorkbookStreamReaderOptions;
  sharedStrings?: unknown[];
  workbookRels?: unknown;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ eventType: string; value: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}
type WorkbookReaderClass = new (input: Readable, options: ExcelJS.stream.xlsx.WorkbookStreamReaderOptions) => AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader> &
  WorkbookReaderInternals;

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * exceljs 4.4's WorkbookReader, with its walk through the zip (`parse`) replaced, for two defects:
 *
 * - It decodes each unzipped chunk of a part on its own, so a character whose UTF-8 bytes straddle two
 *   chunks turns into U+FFFD: about one Vietnamese cell in a few thousand came back broken (exceljs
 *   issues #2084 and #2316; the fixes were never merged). Here every part is decoded across chunk
 *   boundaries (utf8Text) before the XML parser sees it.
 * - It reads each part with a helper that buffers whatever is unzipped, as fast as it is unzipped,
 *   whether or not the parser keeps up, so a 100 KB file holding a 100 MB cell took 230 MB of memory
 *   before any check could run, and a refusal came after the whole file had been unzipped. Here each
 *   part is pulled as the parser asks for it, held to MAX_PART_BYTES (withinPartLimit) and to the cell
 *   limit (withinCellLimit), so a refusal stops the unzipping where it is.
 *
 * Only what the import reads is kept: the worksheets are emitted as they come (one stored before the
 * shared strings, as Excel and exceljs store them, waits in a temporary file, held to the same limits
 * while it is written); styles and hyperlinks are not read. This overrides underscore methods of exceljs, pinned at 4.4.0 in the lock file; the
 * tests in excel.spec.ts (broken characters, the caps) are what will catch a change there.
 */
class BoundedWorkbookReader extends (ExcelJS.stream.xlsx.WorkbookReader as unknown as WorkbookReaderClass) {
  constructor(
    private readonly source: Readable,
    options: ExcelJS.stream.xlsx.WorkbookStreamReaderOptions,
    private readonly language: Language,
  ) {
    super(source, options);
  }

  /** A part as text: pulled chunk by chunk, within MAX_PART_BYTES, decoded across chunk boundaries. */
  private text(part: AsyncIterable<Buffer>): AsyncGenerator<string> {
    return utf8Text(withinPartLimit(part, this.language));
  }

  /** A part that holds cells: its text, also within the cell limit. */
  private cells(part: AsyncIterable<Buffer>): AsyncGenerator<string> {
    return withinCellLimit(this.text(part), this.language);
  }

  async *parse(): AsyncGenerator<{ eventType: string; value: unknown }> {
    const zip = unzipper.Parse({ forceStream: true });
    this.source.pipe(zip);
    const waiting: { sheetNo: string; path: string }[] = [];
    let tempDir: string | undefined;
    try {
      for await (const entry of zip as AsyncIterable<unzipper.Entry>) {
        const sheet = WORKSHEET.exec(entry.path);
        if (entry.path === 'xl/_rels/workbook.xml.rels') await this._parseRels(Readable.from(this.text(entry)));
        else if (entry.path === 'xl/workbook.xml') await this._parseWorkbook(Readable.from(this.text(entry)));
        else if (entry.path === 'xl/sharedStrings.xml') yield* this._parseSharedStrings(Readable.from(this.cells(entry)));
        else if (sheet && this.sharedStrings && this.workbookRels) yield* this._parseWorksheet(this.cells(entry), sheet[1]!);
        else if (sheet) {
          tempDir ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rfid-import-'));
          const file = path.join(tempDir, `sheet${sheet[1]}.xml`);
          await pipeline(Readable.from(this.cells(entry)), fs.createWriteStream(file));
          waiting.push({ sheetNo: sheet[1]!, path: file });
        }
        entry.autodrain();
      }
      for (const w of waiting) yield* this._parseWorksheet(this.cells(fs.createReadStream(w.path)), w.sheetNo);
    } finally {
      if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
    }
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
 *
 * The read stops at the first cap passed, before the rest of the file is read: more than `maxRows`
 * data rows (IMPORT_TOO_MANY_ROWS), a cell over LIMITS.IMPORT_CELL_MAX characters (IMPORT_CELL_TOO_LONG).
 */
export async function readRows<K extends string>(
  buffer: Buffer,
  columns: readonly ExcelColumn<K>[],
  options: { language: Language; maxRows: number; progress?: ProgressReporter },
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
  const input = chunksOf(buffer, (bytes) => progress('reading', bytes, buffer.length));
  const reader = new BoundedWorkbookReader(
    input,
    { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' },
    lang,
  );
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
          if (text.length > LIMITS.IMPORT_CELL_MAX) throw cellTooLong(lang, { row: row.number, column: c.header[lang] });
          if (text.trim() !== '') blank = false;
          values[c.key] = text;
        }
        if (blank) continue;
        if (rows.length === options.maxRows) {
          throw new AppError('IMPORT_TOO_MANY_ROWS', [
            { row: row.number, column: '', code: 'IMPORT_TOO_MANY_ROWS', message: IMPORT_MESSAGES.tooManyRows(options.maxRows)[lang] },
          ]);
        }
        rows.push({ row: row.number, values });
      }
      if (isData && !headerRead) checkHeader();
    }
  } catch (err) {
    // The zip reader would go on pulling the file through to its end: a refusal stops it here.
    input.destroy();
    if (err instanceof AppError) throw err;
    // Anything else the reader trips on is the file's fault: not a zip, or not a workbook inside.
    throw new AppError('BAD_REQUEST_ERROR', [{ field: 'file', rule: 'xlsx', message: IMPORT_MESSAGES.notXlsx[lang] }]);
  }
  if (!dataSheetSeen) checkHeader();
  progress('reading', buffer.length, buffer.length);
  return rows;
}
