import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import { normalizeGtin } from './gtin.js';
import type { Language } from './notification-messages.js';
import { codedRule, notBlankText, optionalReference, optionalText, requiredReference, storableText } from './schemas/common.js';
import type { MasterDataKey } from './catalogue-names.js';

/**
 * One table per entity lists its fields once: the form, the list's columns and filters, the detail
 * page, the timeline, the Excel template / import / export and the request rules are all read from it.
 * Adding a field to an entity is a row here, its translations and its column in a migration.
 */

/** How a field is written in the entity's Excel files (template, import and export). */
export interface ExcelFieldColumn {
  /** The column's header in each language; an import accepts either. */
  header: Record<Language, string>;
  /** In characters. */
  width: number;
  /** What a well-formed value looks like, added to an import's wrong-format message. */
  format?: Record<Language, string>;
  /** Headers of earlier templates that an import still reads as this column (a renamed column). */
  formerHeaders?: readonly string[];
}

interface FieldCommon {
  /** Translation key of the field's label: form, column header, filter, detail page, timeline. */
  label: string;
  /** The field must not be blank: the error code of a blank value (NAME_MUST_BE_NOT_BLANK). */
  blank?: ErrorCode;
  excel: ExcelFieldColumn;
  /** The list shows the field as a column (a reference shows its item's name); 'sortable': the list sorts by it too. */
  column?: true | 'sortable';
  /** false: the form leaves the field out (the system fills it when blank). The form shows every other field. */
  form?: false;
}

/** The list's text search finds the entity by this text (ignoring case and accents). */
interface Searched {
  search?: true;
}

/** A free text of at most `max` characters, trimmed; blank is null when the field is optional. */
export interface TextField extends FieldCommon, Searched {
  kind: 'text';
  max: number;
}

/**
 * A code the user may give (at most `max` characters matching `pattern`, stored upper-case) or leave
 * blank for the system to make one. Never `blank`: a blank code is the request for a made one.
 */
export interface CodeField extends Omit<FieldCommon, 'blank'>, Searched {
  kind: 'code';
  max: number;
  pattern: RegExp;
  /** Why a code does not match `pattern` (the API's validation message). */
  patternMessage: string;
}

/** The list filters by this field, with the query parameter `param` (the field's key when not given). */
export interface FieldFilter {
  param?: string;
}

/**
 * The id of an item of a master-data catalogue. An id that names no item of the catalogue is
 * `notFound`; an inactive item is `inactive` (an update may keep one it already had).
 */
export interface ReferenceField extends FieldCommon {
  kind: 'reference';
  catalogue: MasterDataKey;
  notFound: ErrorCode;
  inactive: ErrorCode;
  /** The property of the entity's view that carries the referenced item's name (seasonId → seasonName). */
  name: string;
  filter?: FieldFilter;
}

/**
 * One of `values`, matched in any case; anything else is `notFound`. A value's label is the
 * translation key `${label}_${value}` (samples.side_LEFT).
 */
export interface EnumField extends FieldCommon {
  kind: 'enum';
  values: readonly [string, ...string[]];
  notFound: ErrorCode;
  filter?: FieldFilter;
}

/** A whole number from `min` to `max`; blank is `default`; anything else `notValid`. */
export interface IntegerField extends Omit<FieldCommon, 'blank'> {
  kind: 'integer';
  min: number;
  max: number;
  default: number;
  notValid: ErrorCode;
}

/**
 * A GTIN (GTIN-8, -12, -13 or -14 digits with a valid check digit), stored as its 14 digits (zeros in
 * front); blank is null. Anything else is `notValid`.
 */
export interface GtinField extends FieldCommon, Searched {
  kind: 'gtin';
  notValid: ErrorCode;
}

export type EntityField = TextField | CodeField | ReferenceField | EnumField | IntegerField | GtinField;
export type EntityFields = Record<string, EntityField>;

/** Declares an entity's field table, keeping every literal (keys, codes, values) in its type. The key order is the form's and the sheet's. */
export function defineEntityFields<const T extends EntityFields>(fields: T): T {
  return fields;
}

type Blankable<F> = F extends { blank: ErrorCode } ? never : null;

/** A field's value as the entity stores it: an optional field may be null, a code is always there. */
export type FieldValue<F extends EntityField> = F extends CodeField
  ? string
  : F extends IntegerField
    ? number
  : F extends EnumField
    ? F['values'][number] | Blankable<F>
    : string | Blankable<F>;

/** Every field's value: what the entity is (references by id). */
export type EntityValues<T extends EntityFields> = { -readonly [K in keyof T]: FieldValue<T[K]> };

/** A field's value as a request or an import gives it: a blank code (null) asks the system for one. */
export type FieldInput<F extends EntityField> = F extends CodeField ? string | null : FieldValue<F>;
export type EntityInput<T extends EntityFields> = { -readonly [K in keyof T]: FieldInput<T[K]> };

/** The keys of the fields of a kind. */
export type FieldKeysOf<T extends EntityFields, Kind extends EntityField['kind']> = {
  [K in keyof T]: T[K]['kind'] extends Kind ? K : never;
}[keyof T] &
  string;

/** The list's sort keys among the fields. */
export type SortableKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { column: 'sortable' } ? K : never }[keyof T] & string;

/** The query parameter of a field the list filters by. */
type FilterParam<K, F> = F extends { filter: { param: infer P extends string } } ? P : K;

/** The field keys in table order. */
export function fieldKeys<T extends EntityFields>(fields: T): (keyof T & string)[] {
  return Object.keys(fields);
}

/** The values of the table's fields out of an object that may hold more (a request, a parsed row). */
export function pickFields<T extends EntityFields, V extends { [K in keyof T]: unknown }>(fields: T, source: V): Pick<V, keyof T> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, source[key]])) as Pick<V, keyof T>;
}

/** The reference fields, each with its key. */
export function referenceFields<T extends EntityFields>(fields: T): (ReferenceField & { key: FieldKeysOf<T, 'reference'> })[] {
  return Object.entries(fields).flatMap(([key, f]) => (f.kind === 'reference' ? [{ ...f, key: key as FieldKeysOf<T, 'reference'> }] : []));
}

/** The fields the list can sort by, in table order. */
export function sortableKeys<T extends EntityFields>(fields: T): SortableKey<T>[] {
  return Object.entries(fields).flatMap(([key, f]) => (f.column === 'sortable' ? [key as SortableKey<T>] : []));
}

/** The fields the list's text search looks in, in table order. */
export function searchedKeys<T extends EntityFields>(fields: T): (keyof T & string)[] {
  return Object.entries(fields).flatMap(([key, f]) => ((f.kind === 'text' || f.kind === 'code' || f.kind === 'gtin') && f.search ? [key] : []));
}

/** The list's filters among the fields: the query parameter and the field it filters. */
export function fieldFilters<T extends EntityFields>(fields: T): { param: string; key: keyof T & string; field: ReferenceField | EnumField }[] {
  return Object.entries(fields).flatMap(([key, f]) =>
    (f.kind === 'reference' || f.kind === 'enum') && f.filter ? [{ param: f.filter.param ?? key, key, field: f }] : [],
  );
}

const blankAsNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** One of `values` in any case (stored as declared); blank is null, or `blank` when required; anything else `notFound`. */
export function enumInput<const V extends readonly [string, ...string[]]>(values: V, notFound: ErrorCode, blank?: ErrorCode): z.ZodType<V[number] | null, unknown> {
  const match = (s: string) => values.find((v) => v.toUpperCase() === s.toUpperCase());
  const rule = storableText()
    .trim()
    .refine((s) => match(s) !== undefined, codedRule(notFound))
    .transform((s) => match(s) as V[number])
    .nullable();
  return z.preprocess(blankAsNull, blank ? rule.refine((v) => v !== null, codedRule(blank)) : rule);
}

/** A code the user may give: letters of `pattern`, at most `max`, stored upper-case; absent or blank is null (the system makes one). */
export function codeInput(field: Pick<CodeField, 'max' | 'pattern' | 'patternMessage'>): z.ZodType<string | null, unknown> {
  return z.preprocess(
    blankAsNull,
    storableText()
      .trim()
      .min(1)
      .max(field.max)
      .regex(field.pattern, { message: field.patternMessage })
      .transform((s) => s.toUpperCase())
      .nullable(),
  );
}

/** A whole number from `min` to `max` (a number, or its digits as text: a form's, a cell's); blank is `fallback`; anything else `notValid`. */
export function integerInput(min: number, max: number, notValid: ErrorCode, fallback: number): z.ZodType<number, unknown> {
  return z.preprocess(
    (v) => {
      const blank = blankAsNull(v);
      if (blank === null) return fallback;
      return typeof blank === 'string' && /^\s*-?\d+\s*$/.test(blank) ? Number(blank) : blank;
    },
    z
      .unknown()
      .refine((n) => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max, codedRule(notValid))
      .transform((n) => n as number),
  );
}

/** An optional GTIN, stored as 14 digits; blank is null, anything else `notValid`. */
export function gtinInput(notValid: ErrorCode): z.ZodType<string | null, unknown> {
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankAsNull(v)),
    storableText()
      .trim()
      .refine((s) => normalizeGtin(s) !== undefined, codedRule(notValid))
      .transform((s) => normalizeGtin(s)!)
      .nullable(),
  );
}

/**
 * The rule of a field's input: a required text or reference that is blank answers its `blank` code,
 * a reference that is not an id its `notFound`, a value of no enum value its `notFound`, a text over
 * its `max` a too-long error.
 */
export function fieldInputRule<F extends EntityField>(field: F): z.ZodType<FieldInput<F>, unknown> {
  return inputRule(field) as z.ZodType<FieldInput<F>, unknown>;
}

function inputRule(field: EntityField): z.ZodType<unknown, unknown> {
  switch (field.kind) {
    case 'code':
      return codeInput(field);
    case 'text':
      return field.blank ? notBlankText(field.blank, field.max) : optionalText(field.max);
    case 'reference':
      return field.blank ? requiredReference(field.blank, field.notFound) : optionalReference(field.notFound);
    case 'enum':
      return enumInput(field.values, field.notFound, field.blank);
    case 'integer':
      return integerInput(field.min, field.max, field.notValid, field.default);
    case 'gtin':
      return gtinInput(field.notValid);
  }
}

/** The zod shape of a create or update request: every field with its input rule. */
export function requestShape<T extends EntityFields>(fields: T): { -readonly [K in keyof T]: z.ZodType<FieldInput<T[K]>, unknown> } {
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, inputRule(f)])) as never;
}

function valueSchema(field: EntityField): z.ZodType<unknown> {
  switch (field.kind) {
    case 'code':
      return z.string();
    case 'text':
      return field.blank ? z.string() : z.string().nullable();
    case 'reference':
      return field.blank ? z.uuid() : z.uuid().nullable();
    case 'enum':
      return field.blank ? z.enum(field.values) : z.enum(field.values).nullable();
    case 'integer':
      return z.number().int();
    case 'gtin':
      return z.string().nullable();
  }
}

/** The view's properties that carry the referenced items' names (seasonName). */
export type ReferenceNameKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { kind: 'reference'; name: infer N extends string } ? N : never }[keyof T];
/** The names of the items an entity references, as its view carries them; null when the item is gone. */
export type ReferenceNames<T extends EntityFields> = { [N in ReferenceNameKey<T>]: string | null };

/**
 * The zod shape of the fields in the entity's view (list and detail): each value as stored, and each
 * reference followed by its item's name (null when the item is gone).
 */
export function viewShape<T extends EntityFields>(fields: T): { -readonly [K in keyof T]: z.ZodType<FieldValue<T[K]>> } & { [N in ReferenceNameKey<T>]: z.ZodType<string | null> } {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, f]) => [[key, valueSchema(f)] as const, ...(f.kind === 'reference' ? [[f.name, z.string().nullable()] as const] : [])]),
  ) as never;
}

/** The zod shape of the list's field filters: a reference's id, an enum's value; each optional. */
export function filterShape<T extends EntityFields>(
  fields: T,
): { [K in keyof T as T[K] extends { filter: FieldFilter } ? FilterParam<K, T[K]> : never]: z.ZodOptional<z.ZodType<FieldValue<T[K]> & {}>> } {
  return Object.fromEntries(
    fieldFilters(fields).map(({ param, field }) => [param, (field.kind === 'reference' ? z.uuid() : z.enum(field.values)).optional()]),
  ) as never;
}
