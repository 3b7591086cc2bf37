import { ERRORS, isStorableText, issueErrorCode, LIMITS, type ErrorCode, type ImportRowError, type Language } from '@rfid/contracts';
import { AppError } from '../errors/app-error.js';
import type { z } from 'zod';
import type { ExcelColumn } from './excel-column.js';
import { IMPORT_MESSAGES } from './import-messages.js';
import type { ReadRow } from './workbook-reader.js';

/** The first broken rule of each column of one row, as the import answers it; `seen`: columns already answered. */
function issueErrors<K extends string>(
  read: ReadRow<K>,
  issues: z.core.$ZodIssue[],
  columns: readonly ExcelColumn<K>[],
  lang: Language,
  seen = new Set<string>(),
): ImportRowError[] {
  const errors: ImportRowError[] = [];
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (seen.has(key)) continue;
    seen.add(key);
    const column = columns.find((c) => c.key === key);
    const at = { row: read.row, column: column ? column.header[lang] : key };
    if (column && (read.values[column.key] ?? '').trim() === '') {
      errors.push({ ...at, code: column.blankCode ?? 'BAD_REQUEST_ERROR', message: column.blankCode ? ERRORS[column.blankCode][lang] : IMPORT_MESSAGES.blank[lang] });
      continue;
    }
    const coded = issueErrorCode(issue as { code: string; params?: Record<string, unknown> });
    if (coded) {
      errors.push({ ...at, code: coded, message: ERRORS[coded][lang] });
      continue;
    }
    let message: string;
    switch (issue.code) {
      case 'too_big':
        message = IMPORT_MESSAGES.atMost(Number(issue.maximum))[lang];
        break;
      case 'too_small':
        message = IMPORT_MESSAGES.atLeast(Number(issue.minimum))[lang];
        break;
      case 'invalid_format':
        message = column?.format ? `${IMPORT_MESSAGES.wrongFormat[lang]}: ${column.format[lang]}` : IMPORT_MESSAGES.wrongFormat[lang];
        break;
      case 'invalid_value':
        message = IMPORT_MESSAGES.oneOf(issue.values.map(String).join(', '))[lang];
        break;
      default:
        message = IMPORT_MESSAGES.invalid[lang];
    }
    errors.push({ ...at, code: 'BAD_REQUEST_ERROR', message });
  }
  return errors;
}

/**
 * Every row through the screen's own zod schema (the rules of its form): the rows that pass, with
 * their parsed value, and an error for each broken rule of the others, column by column.
 */
export function parseRows<K extends string, S extends z.ZodType>(
  rows: readonly ReadRow<K>[],
  columns: readonly ExcelColumn<K>[],
  schema: S,
  toInput: (values: Record<K, string>) => unknown,
  lang: Language,
): { parsed: { row: number; value: z.output<S> }[]; errors: ImportRowError[] } {
  const parsed: { row: number; value: z.output<S> }[] = [];
  const errors: ImportRowError[] = [];
  for (const read of rows) {
    // A cell holding a NUL or a lone surrogate is TEXT_NOT_VALID whatever its column's rule is.
    const unstorable = columns.filter((c) => !isStorableText(read.values[c.key] ?? ''));
    errors.push(...unstorable.map((c) => ({ row: read.row, column: c.header[lang], code: 'TEXT_NOT_VALID' as const, message: ERRORS.TEXT_NOT_VALID[lang] })));
    const result = schema.safeParse(toInput(read.values));
    if (result.success && unstorable.length === 0) parsed.push({ row: read.row, value: result.data });
    else if (!result.success) errors.push(...issueErrors(read, result.error.issues, columns, lang, new Set(unstorable.map((c) => c.key))));
  }
  return { parsed, errors };
}

/** Rows whose key (a code, a name; compared as given, so pass it lower-cased to ignore case) repeats an earlier row of the file. */
export function duplicatesInFile<T>(
  rows: readonly { row: number; value: T }[],
  keyOf: (value: T) => string | undefined,
  column: ExcelColumn,
  code: ErrorCode,
  lang: Language,
): ImportRowError[] {
  const first = new Map<string, number>();
  const errors: ImportRowError[] = [];
  for (const { row, value } of rows) {
    const key = keyOf(value);
    if (key === undefined) continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else errors.push({ row, column: column.header[lang], code, message: `${ERRORS[code][lang]} (${IMPORT_MESSAGES.sameAsRow(earlier)[lang]})` });
  }
  return errors;
}

/**
 * The answer to an import with wrong rows (nothing is written): 400 BAD_REQUEST_ERROR listing the first
 * LIMITS.IMPORT_ERRORS_SHOWN errors in reading order, and `detailsTotal`, how many there are in all:
 * 100,000 wrong rows answer a page of errors, not megabytes of them.
 */
export function wrongRows(errors: ImportRowError[], columns: readonly ExcelColumn[], lang: Language): AppError {
  const ordered = orderRowErrors(errors, columns, lang);
  return new AppError('BAD_REQUEST_ERROR', ordered.slice(0, LIMITS.IMPORT_ERRORS_SHOWN), ordered.length);
}

/**
 * Errors in the order a user reads the sheet, by row then by column, one per cell (the first found:
 * a name that repeats an earlier row and also exists already is one error, not two).
 */
function orderRowErrors(errors: ImportRowError[], columns: readonly ExcelColumn[], lang: Language): ImportRowError[] {
  const order = new Map(columns.map((c, i) => [c.header[lang], i]));
  const seen = new Set<string>();
  return errors
    .filter((e) => {
      const cell = `${e.row}\u0000${e.column}`;
      if (seen.has(cell)) return false;
      seen.add(cell);
      return true;
    })
    .sort((a, b) => a.row - b.row || (order.get(a.column) ?? columns.length) - (order.get(b.column) ?? columns.length));
}
