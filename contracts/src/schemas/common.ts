import { z } from 'zod';
import { ERRORS, type ErrorCode } from '../errors.js';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from '../limits.js';
import { isStorableText } from '../text.js';

export const uuid = z.uuid();

/** A rule's message in both languages, for a rule without an error code of its own: the API answers it in the request's language (`ruleMessage`). */
export function bilingualRule(vi: string, en: string) {
  return { message: en, params: { messages: { vi, en } } };
}

/** The message of a broken rule in a language: its own words in both languages when it has them, else undefined. */
export function ruleMessage(issue: { code: string; params?: Record<string, unknown> }, lang: 'vi' | 'en'): string | undefined {
  const messages = issue.code === 'custom' ? (issue.params?.messages as Record<string, string> | undefined) : undefined;
  return messages?.[lang];
}

/** A page size one of `sizes` (default 10); query strings arrive as text. */
export function pageSizeQuery(sizes: readonly number[]) {
  return z.coerce
    .number()
    .int()
    .refine((n) => sizes.includes(n), bilingualRule(`Số dòng mỗi trang phải là một trong ${sizes.join(', ')}`, `size must be one of ${sizes.join(', ')}`))
    .default(DEFAULT_PAGE_SIZE);
}

/** `page` from 1 (default 1) and `size` one of 10, 20, 30, 50 (default 10); query strings arrive as text. */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.PAGE_MAX).default(DEFAULT_PAGE),
  size: pageSizeQuery(PAGE_SIZES),
});

/**
 * Every text field starts here: a string that holds no NUL and no lone surrogate (TEXT_NOT_VALID).
 * The API also refuses such text in any part of any request before its schema runs; this rule lets a
 * form and an import name the field.
 */
export function storableText() {
  return z.string().refine(isStorableText, { params: { code: 'TEXT_NOT_VALID' }, message: 'TEXT_NOT_VALID', abort: true });
}

/** A name or a title, shown on one line: storable text without line breaks, tabs or other control characters (TEXT_NOT_ONE_LINE). */
export function oneLineText() {
  return storableText().refine((s) => !/[\u0000-\u001F\u007F]/.test(s), codedRule('TEXT_NOT_ONE_LINE'));
}

/** A whole number a request gives, at least `min` and at most what an integer column holds. */
export function wholeNumber(min: number) {
  return z.coerce.number().int().min(min).max(LIMITS.INT_MAX);
}

/** How many of a product: QUANTITY_MIN to QUANTITY_MAX, each bound with its own code. */
export const quantityInput = z.coerce
  .number()
  .int()
  .refine((n) => n >= LIMITS.QUANTITY_MIN, codedRule('QUANTITY_TOO_SMALL'))
  .refine((n) => n <= LIMITS.QUANTITY_MAX, codedRule('QUANTITY_TOO_LARGE'));

/** A search or filter text: at least SEARCH_MIN characters after trimming. */
export const searchText = storableText().trim().min(LIMITS.SEARCH_MIN).max(100);

/** `sort=field:asc` or `sort=field:desc` over the given fields. */
export function sortQuery<const F extends readonly [string, ...string[]]>(fields: F, fallback: `${F[number]}:${'asc' | 'desc'}`) {
  return z
    .string()
    .refine(
      (s) => new RegExp(`^(${fields.join('|')}):(asc|desc)$`).test(s),
      bilingualRule(`sort phải có dạng cột:asc|desc, với cột là một trong ${fields.join(', ')}`, `sort must be field:asc|desc with field one of ${fields.join(', ')}`),
    )
    .default(fallback)
    .transform((s) => {
      const [field, dir] = s.split(':') as [F[number], 'asc' | 'desc'];
      return { field, dir };
    });
}

/** Ids a query names (the items a choice shows already, the rows selected on a page): comma-separated, at most 50. */
export const idList = z
  .string()
  .transform((s) => s.split(',').map((id) => id.trim()).filter(Boolean))
  .pipe(z.array(z.uuid()).max(50));

/** A yes/no filter of a query string: `true` or `false`. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Date-range filter bounds, ISO 8601 date-times. */
export const isoDateTime = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

export interface ListResponse<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}

/** What every saved record's view carries: the version an edit sends back (a stale one is a conflict), when it was made and last changed. */
export const savedRecord = { version: z.number().int(), createdAt: z.string(), updatedAt: z.string() };

/** Who did something, as a view names them: their id and name (either may be gone: a system actor, a deleted user). */
export const actorView = z.object({ id: z.string().nullable(), name: z.string().nullable() });

export const activeStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type ActiveStatus = z.infer<typeof activeStatus>;

/**
 * A rule whose failure has its own error code of ERRORS (NAME_MUST_BE_NOT_BLANK, SIDE_NOT_FOUND):
 * the issue carries it as `params.code`, the API answers with it (400, the code of the first such
 * issue) and names it in the field's details, and an import names it for the cell.
 */
export function codedRule(code: ErrorCode) {
  return { params: { code }, message: code };
}

/** The error code a zod issue carries (see codedRule), if any. */
export function issueErrorCode(issue: { code: string; params?: Record<string, unknown> }): ErrorCode | undefined {
  const code = issue.code === 'custom' ? issue.params?.code : undefined;
  return typeof code === 'string' && code in ERRORS ? (code as ErrorCode) : undefined;
}

const absentAsEmpty = (v: unknown) => (v === undefined || v === null ? '' : v);
const blankAsNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** A text that must not be blank: absent, null and blank (after trimming) all answer `blank`; at most `max` characters. */
export function notBlankText(blank: ErrorCode, max: number = LIMITS.TEXT_MAX) {
  return z.preprocess(
    absentAsEmpty,
    storableText()
      .trim()
      .max(max)
      .refine((s) => s.length > 0, codedRule(blank)),
  );
}

/** An optional text: absent or blank is null; at most `max` characters. */
export function optionalText(max: number = LIMITS.TEXT_MAX) {
  return z.preprocess(blankAsNull, storableText().trim().max(max).nullable());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a required reference: blank answers `blank`, anything but a uuid `notFound` (it can name nothing). */
export function requiredReference(blank: ErrorCode, notFound: ErrorCode) {
  return z.preprocess(
    absentAsEmpty,
    z
      .string()
      .trim()
      .refine((s) => s.length > 0, { ...codedRule(blank), abort: true })
      .refine((s) => UUID.test(s), codedRule(notFound))
      .transform((s) => s.toLowerCase()),
  );
}

/** The id of an optional reference: absent or blank is null, anything but a uuid answers `notFound`. */
export function optionalReference(notFound: ErrorCode) {
  return z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .refine((s) => UUID.test(s), codedRule(notFound))
      .transform((s) => s.toLowerCase())
      .nullable(),
  );
}
