import type { Writable } from 'node:stream';
import type { Language } from '@rfid/contracts';
import ExcelJS from 'exceljs';
import type { ExcelColumn } from './excel-column.js';
import { timeZoneName, wallClockTime } from '../time-zone.js';
import { escapeFormula } from './formula-escape.js';

export type ExcelCell = string | number | Date | null | undefined;
export type ExcelRow<K extends string> = Partial<Record<K, ExcelCell>>;

export interface WorkbookOptions {
  /** The language of the header row. */
  language: Language;
  /** The time zone of the date-time columns (the request's, RequestTimeZone); UTC when not given. */
  timeZone?: string;
  /** The name of the data sheet. */
  sheetName?: string;
}

/** The hidden sheet that holds the values of the drop-down lists. */
export const LISTS_SHEET = 'Lists';
const DEFAULT_WIDTH = 20;
/** How a date-time column shows its cells: the product's HH:mm:ss DD/MM/YYYY. */
const DATE_TIME_FORMAT = 'hh:mm:ss dd/mm/yyyy';
/**
 * Rows a drop-down covers at least (all written rows when more). Not whole columns: exceljs's reader
 * expands a validated range cell by cell, and a whole column is a million cells to read back.
 */
export const LIST_ROWS = 10_000;
/** How often (in rows) the writer waits for a slow reader of the file, so rows do not pile up in memory. */
const DRAIN_EVERY = 500;

function columnLetter(n: number): string {
  let letters = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Waits while `target` has more buffered than it wants; fails if it closes meanwhile (the client went away). */
async function drained(target: Writable): Promise<void> {
  if (!target.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (err?: Error) => {
      target.off('drain', onDrain);
      target.off('close', onClose);
      target.off('error', settle);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('the reader of the workbook closed it before the end'));
    target.on('drain', onDrain);
    target.on('close', onClose);
    target.on('error', settle);
    // a reader that went away before this wait began has closed already: 'close' will not come again
    if (target.destroyed) onClose();
  });
}

/**
 * exceljs writes a sheet's XML into the zip's compressor without waiting for it: rows made faster than
 * they are compressed piled up in memory (110 MB of buffers for an export of 50,000 rows, half that
 * with this). The compressor's input
 * is the sheet stream's pipe; waiting for it to drain passes the reader's pace back to the rows.
 */
async function sheetCompressed(sheet: ExcelJS.Worksheet, target: Writable): Promise<void> {
  // (archiver's streams come from the readable-stream package, whose state is not on the stream itself)
  type Pipe = Writable & { _writableState?: { needDrain?: boolean } };
  const pipe = (sheet as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes?.[0];
  // a turn of the event loop lets the compressor and the socket take their share
  await new Promise((resolve) => setImmediate(resolve));
  if (pipe?._writableState?.needDrain) {
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        pipe.off('drain', onDrain);
        target.off('close', onClose);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = () => settle();
      const onClose = () => settle(new Error('the reader of the workbook closed it before the end'));
      pipe.on('drain', onDrain);
      target.on('close', onClose);
      if (target.destroyed) onClose();
    });
  }
}

/**
 * exceljs's commit resolves when `target` finishes; a target closed before that (the client went
 * away) never finishes, and this settles the wait instead.
 */
function closedEarly(target: Writable): Promise<never> {
  return new Promise((_resolve, reject) => {
    target.once('close', () => {
      if (!target.writableFinished) reject(new Error('the reader of the workbook closed it before the end'));
    });
  });
}

function cellOf(value: ExcelCell): string | number | Date | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? escapeFormula(value) : value;
}

/** The hidden sheet of the drop-down lists' values, each list one of its columns; returns their ranges by data column letter. */
function addLists(workbook: ExcelJS.stream.xlsx.WorkbookWriter, columns: readonly ExcelColumn[]): Map<string, string> {
  const listed = columns.flatMap((column, i) => (column.list?.length ? [{ list: column.list, letter: columnLetter(i + 1) }] : []));
  const ranges = new Map<string, string>();
  if (listed.length === 0) return ranges;
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  const height = Math.max(...listed.map((l) => l.list.length));
  for (let r = 0; r < height; r++) lists.addRow(listed.map((l) => cellOf(l.list[r]))).commit();
  lists.commit();
  listed.forEach((l, i) => {
    const source = columnLetter(i + 1);
    ranges.set(l.letter, `${LISTS_SHEET}!$${source}$1:$${source}$${l.list.length}`);
  });
  return ranges;
}

/** Each list column of the data sheet offers its list, on rows 2 to `lastRow`. */
function validateLists(sheet: ExcelJS.Worksheet, ranges: Map<string, string>, lastRow: number): void {
  // exceljs's typing leaves dataValidations out of Worksheet; the streaming sheet has it and writes it at commit
  const validations = (sheet as unknown as { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } }).dataValidations;
  for (const [letter, range] of ranges) {
    validations.add(`${letter}2:${letter}${lastRow}`, { type: 'list', allowBlank: true, formulae: [range], showErrorMessage: true, errorStyle: 'stop' });
  }
}

interface StyleRegistry {
  addStyleModel(model: Record<string, unknown> | undefined, cellType?: unknown): number;
}

/**
 * exceljs gives every cell a style object of its own and looks each one up by its content: two
 * thirds of the time of writing 50,000 rows. A cell's style here is empty or only a column's number
 * format, so its id is remembered by (cell type, number format) instead. Same ids, same file.
 */
function rememberStyles(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const styles = (workbook as unknown as { styles?: StyleRegistry }).styles;
  if (!styles || typeof styles.addStyleModel !== 'function') return;
  const add = styles.addStyleModel.bind(styles);
  const ids = new Map<string, number>();
  styles.addStyleModel = (model, cellType) => {
    const keys = model ? Object.keys(model) : [];
    if (!model || keys.length > 1 || (keys.length === 1 && (keys[0] !== 'numFmt' || typeof model.numFmt !== 'string'))) return add(model, cellType);
    const key = `${String(cellType)}\u0000${(model.numFmt as string | undefined) ?? ''}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = add(model, cellType);
      ids.set(key, id);
    }
    return id;
  };
}

/**
 * Streams an .xlsx to `target` (an HTTP answer, a file): a bold, frozen header row in the asked
 * language, one row per item of `rows` as they come (an async iterable reads a database in batches),
 * text escaped against formula injection, drop-down lists for the columns that have one. Ends
 * `target`. Returns the number of data rows.
 */
export async function writeWorkbook<K extends string>(
  target: Writable,
  columns: readonly ExcelColumn<K>[],
  rows: Iterable<ExcelRow<K>> | AsyncIterable<ExcelRow<K>>,
  options: WorkbookOptions,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: target, useStyles: true, useSharedStrings: false });
  rememberStyles(workbook);
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  const zone = options.timeZone ?? 'UTC';
  sheet.columns = columns.map((c) => {
    const numFmt = c.dateTime ? DATE_TIME_FORMAT : c.numFmt;
    return { key: c.key, width: c.width ?? DEFAULT_WIDTH, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  // a spreadsheet's date-time has no zone: the cell holds the zone's wall-clock time, the header names the zone
  const zoneName = timeZoneName(zone, options.language);
  const header = sheet.addRow(columns.map((c) => (c.dateTime ? `${c.header[options.language]} (${zoneName})` : c.header[options.language])));
  header.font = { bold: true };
  header.commit();
  const lists = addLists(workbook, columns);
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => {
      const value = row[c.key];
      return c.dateTime && value instanceof Date ? wallClockTime(value, zone) : cellOf(value);
    })).commit();
    if (++count % DRAIN_EVERY === 0) {
      await drained(target);
      await sheetCompressed(sheet, target);
    }
  }
  validateLists(sheet, lists, Math.max(count, LIST_ROWS) + 1);
  sheet.commit();
  await Promise.race([workbook.commit(), closedEarly(target)]);
  return count;
}

/** The empty file a user fills in for an import: the header row and the drop-down lists. */
export async function writeTemplate<K extends string>(target: Writable, columns: readonly ExcelColumn<K>[], options: WorkbookOptions): Promise<void> {
  await writeWorkbook(target, columns, [], options);
}
