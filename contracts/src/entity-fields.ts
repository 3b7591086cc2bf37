import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import { normalizeGtin } from './gtin.js';
import type { Language } from './notification-messages.js';
import { codedRule, isoDateTime, notBlankText, oneLineText, optionalReference, optionalText, requiredReference, storableText } from './schemas/common.js';
import type { MasterDataKey } from './catalogue-names.js';
import { LIMITS } from './limits.js';
import { TEXT_PATTERNS } from './text-patterns.js';

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
  /** The field's column in the entity's Excel files; an entity without an import or a template has none. */
  excel?: ExcelFieldColumn;
  /** The list shows the field as a column (a reference shows its item's name); 'sortable': the list sorts by it too. */
  column?: true | 'sortable';
  /** false: the form leaves the field out (the system fills it when blank). The form shows every other field. */
  form?: false;
  /** Set when the entity is made and never changed after (a stocktake's zones: its expected list was taken from them). */
  createdOnly?: true;
  /** What a value looks like, shown in the empty form field (a host's address). */
  example?: string;
}

/** The list's text search finds the entity by this text (ignoring case and accents). */
interface Searched {
  search?: true;
}

/**
 * A free text of at most `max` characters, trimmed; blank is null when the field is optional. A field
 * that must be filled either has its own `blank` code or is `required` (a blank answers the request's
 * generic error).
 */
export interface TextField extends FieldCommon, Searched {
  kind: 'text';
  max: number;
  required?: true;
  /** A name or a title: no line breaks, tabs or other control characters (TEXT_NOT_ONE_LINE). */
  oneLine?: true;
  /** Written over several lines: the form gives it a text area. */
  multiline?: true;
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

/** A field that names several records: from `min` to `max` ids, each once. */
export interface Many {
  min: number;
  max: number;
}

/**
 * The id of an item of a master-data catalogue. An id that names no item of the catalogue is
 * `notFound`; an inactive item is `inactive` (an update may keep one it already had). With `many`, a
 * list of ids.
 */
export interface ReferenceField extends FieldCommon {
  kind: 'reference';
  catalogue: MasterDataKey;
  notFound: ErrorCode;
  inactive: ErrorCode;
  /**
   * The property of the entity's view that carries the referenced item's name (seasonId → seasonName);
   * with `many`, the items named ({ id, code, name }: zoneIds → zones) in place of the ids.
   */
  name: string;
  filter?: FieldFilter;
  many?: Many;
}

/** The error codes of a reference to each catalogue's items: an id of no item, an inactive item, and a blank value where one is required. */
export const CATALOGUE_REFERENCE_CODES = {
  seasons: { notFound: 'SEASON_NOT_FOUND', inactive: 'SEASON_NOT_FOUND_OR_INACTIVE', blank: 'SEASON_MUST_BE_NOT_BLANK' },
  stages: { notFound: 'STAGE_NOT_FOUND', inactive: 'STAGE_NOT_FOUND_OR_INACTIVE' },
  sizes: { notFound: 'SIZE_NOT_FOUND', inactive: 'SIZE_NOT_FOUND_OR_INACTIVE', blank: 'SIZE_MUST_BE_NOT_BLANK' },
  zones: { notFound: 'ZONE_NOT_FOUND', inactive: 'ZONE_NOT_FOUND_OR_INACTIVE' },
  categories: { notFound: 'CATEGORY_NOT_FOUND', inactive: 'CATEGORY_NOT_FOUND_OR_INACTIVE', blank: 'CATEGORY_MUST_BE_NOT_BLANK' },
  customers: { notFound: 'CUSTOMER_NOT_FOUND', inactive: 'CUSTOMER_NOT_FOUND_OR_INACTIVE', blank: 'CUSTOMER_MUST_BE_NOT_BLANK' },
  types: { notFound: 'TYPE_NOT_FOUND', inactive: 'TYPE_NOT_FOUND_OR_INACTIVE' },
  genders: { notFound: 'GENDER_NOT_FOUND', inactive: 'GENDER_NOT_FOUND_OR_INACTIVE' },
} as const satisfies Record<MasterDataKey, { notFound: ErrorCode; inactive: ErrorCode; blank?: ErrorCode }>;
type ReferenceCodes = typeof CATALOGUE_REFERENCE_CODES;

/** What a table says of a reference beyond its catalogue: the view's name property, and whether it must be given. */
type ReferenceDeclaration = Partial<Omit<ReferenceField, 'kind' | 'catalogue'>> & { name: string; required?: true };

/**
 * A reference to an item of a catalogue, with the catalogue's error codes and labelled as the catalogue
 * calls its items; `required` adds the catalogue's blank code. What `field` gives (another label, another
 * blank code) wins.
 */
export function catalogueReference<const C extends MasterDataKey, const X extends ReferenceDeclaration>(
  catalogue: C,
  field: X,
): { kind: 'reference'; catalogue: C; notFound: ReferenceCodes[C]['notFound']; inactive: ReferenceCodes[C]['inactive']; label: string } & Omit<X, 'required'> &
  (X extends { required: true } ? { blank: ReferenceCodes[C] extends { blank: infer B } ? B : never } : unknown) {
  const { required, ...declared } = field;
  const codes: { notFound: ErrorCode; inactive: ErrorCode; blank?: ErrorCode } = CATALOGUE_REFERENCE_CODES[catalogue];
  return {
    kind: 'reference',
    catalogue,
    notFound: codes.notFound,
    inactive: codes.inactive,
    label: `catalogue:${catalogue}.one`,
    ...(required ? { blank: codes.blank } : {}),
    ...declared,
  } as never;
}

/** The records of other modules a field may name, each chosen from its own look-up. */
export const RECORD_LOOKUPS = ['readers', 'gates', 'handhelds', 'users'] as const;
export type RecordLookup = (typeof RECORD_LOOKUPS)[number];

/**
 * The id of a record another module keeps (a reader, a gate, a user). The view carries its `name`
 * property beside the id (allowedGateId → allowedGateCode); with `many`, the records named
 * ({ id, code, name }) in place of the ids. Whether the record exists is the command's to check.
 */
export interface RecordField extends FieldCommon {
  kind: 'record';
  of: RecordLookup;
  name: string;
  /** A value that is not an id (it can name nothing); without it, the request's generic error. */
  notFound?: ErrorCode;
  required?: true;
  filter?: FieldFilter;
  many?: Many;
}

/** A moment: an ISO 8601 date-time with its offset; the view carries it as ISO text. */
export interface DateTimeField extends FieldCommon {
  kind: 'datetime';
}

/** An e-mail address of at most `max` characters; blank is null (absent stays absent), anything else `notValid`. */
export interface EmailField extends FieldCommon {
  kind: 'email';
  max: number;
  notValid: ErrorCode;
}

/**
 * A value with a rule and a view of its own (a reader's antennas, a ticket's product lines): the form
 * edits it with the editor its screen gives for its key. `view`: how the entity's view carries it
 * (the rule's output when not given).
 */
export interface CustomField<Rule extends z.ZodType = z.ZodType, View extends z.ZodType = z.ZodType> extends Omit<FieldCommon, 'blank'> {
  kind: 'custom';
  rule: Rule;
  view?: View;
  /** The form asks for it (the rule says what a missing value answers). */
  required?: true;
}

/**
 * One of `values`, matched in any case; anything else is `notFound`. A value's label is the
 * translation key `${label}_${value}` (samples.side_LEFT), or `${valueLabels}_${value}`.
 */
export interface EnumField extends FieldCommon {
  kind: 'enum';
  values: readonly [string, ...string[]];
  notFound: ErrorCode;
  filter?: FieldFilter;
  /** What a blank value is. */
  default?: string;
  /** The translation keys of its values are `${valueLabels}_${value}` (alerts.kind_GATE); `label`'s when not given. */
  valueLabels?: string;
}

/** A whole number from `min` to `max`; blank is `default` (`notValid` without one); anything else `notValid`. */
export interface IntegerField extends Omit<FieldCommon, 'blank'> {
  kind: 'integer';
  min: number;
  max: number;
  default?: number;
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

export type EntityField = TextField | CodeField | ReferenceField | EnumField | IntegerField | GtinField | RecordField | DateTimeField | EmailField | CustomField;
export type EntityFields = Record<string, EntityField>;

/** A field an Excel sheet can hold: one value in a cell, with its column. */
export type SheetField = (TextField | CodeField | (ReferenceField & { many?: undefined }) | EnumField | IntegerField | GtinField) & { excel: ExcelFieldColumn };
/** The field table of an entity kept in Excel sheets too (imports, templates): every field has its column. */
export type SheetFields = Record<string, SheetField>;

/** A record or an item a multi-valued field names, as the entity's view carries it. */
export const namedRecord = z.object({ id: z.uuid(), code: z.string().nullable(), name: z.string() });
export type NamedRecord = z.infer<typeof namedRecord>;

/** Declares an entity's field table, keeping every literal (keys, codes, values) in its type. The key order is the form's and the sheet's. */
export function defineEntityFields<const T extends EntityFields>(fields: T): T {
  return fields;
}

type Blankable<F> = F extends { blank: ErrorCode } ? never : null;

type NullUnlessRequired<F> = F extends { blank: ErrorCode } | { required: true } ? never : null;

/** A field's value as the entity stores it: an optional field may be null, a code is always there. */
export type FieldValue<F extends EntityField> = F extends CodeField
  ? string
  : F extends IntegerField
    ? number
  : F extends EnumField
    ? F['values'][number] | (F extends { default: string } ? never : Blankable<F>)
  : F extends CustomField<infer Rule>
    ? z.output<Rule>
  : F extends { many: Many }
    ? string[]
  : F extends DateTimeField
    ? Date
  : F extends TextField | RecordField
    ? string | NullUnlessRequired<F>
    : string | Blankable<F>;

/** Every field's value: what the entity is (references by id). */
export type EntityValues<T extends EntityFields> = { -readonly [K in keyof T]: FieldValue<T[K]> };

/** A field's value as a request or an import gives it: a blank code (null) asks the system for one. */
export type FieldInput<F extends EntityField> = F extends CodeField ? string | null : FieldValue<F>;
export type EntityInput<T extends EntityFields> = { -readonly [K in keyof T]: FieldInput<T[K]> };

/** The keys of the fields that name several records or items. */
type ManyKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { many: Many } ? K : never }[keyof T];

/** The keys of the fields of a kind. */
export type FieldKeysOf<T extends EntityFields, Kind extends EntityField['kind']> = {
  [K in keyof T]: T[K]['kind'] extends Kind ? K : never;
}[keyof T] &
  string;

/** The list's sort keys among the fields. */
export type SortableKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { column: 'sortable' } ? K : never }[keyof T] & string;

/** The query parameter of a field the list filters by. */
type FilterParam<K, F> = F extends { filter: { param: infer P extends string } } ? P : K;

/**
 * Whether the field must be given: a required text or reference, several items from at least one, a
 * moment, an enum or a number (blank is their default, or refused).
 */
export function isRequired(field: EntityField): boolean {
  switch (field.kind) {
    case 'code':
    case 'gtin':
    case 'email':
      return false;
    case 'datetime':
    case 'integer':
      return true;
    case 'enum':
      return field.blank !== undefined || field.default !== undefined;
    case 'reference':
    case 'record':
      return field.many ? field.many.min > 0 : field.blank !== undefined || (field.kind === 'record' && field.required === true);
    case 'text':
      return field.blank !== undefined || field.required === true;
    case 'custom':
      return field.required === true;
  }
}

/** The translation key of an enum's value (samples.side_LEFT). */
export function enumValueLabel(field: EnumField, value: string): string {
  return `${field.valueLabels ?? field.label}_${value}`;
}

/**
 * A record's code that a user may give or leave blank for the system to make one (samples' and
 * products'): letters, digits and . _ - up to TEXT_MAX, searched, the list sorts by it; its Excel
 * column says so. `field` gives its label, its Excel header and width, and what else it is.
 */
export function madeCode<const X extends Omit<Partial<CodeField>, 'kind' | 'excel'> & { label: string; excel: Omit<ExcelFieldColumn, 'format'> }>(field: X) {
  return {
    kind: 'code',
    max: LIMITS.TEXT_MAX,
    pattern: TEXT_PATTERNS.CODE,
    patternMessage: 'letters, digits and . _ - only',
    search: true,
    column: 'sortable',
    ...field,
    excel: { ...field.excel, format: { vi: 'chữ, số và . _ -; để trống để hệ thống tự tạo', en: 'letters, digits and . _ -; leave empty to have one made' } },
  } as const;
}

/** The field keys in table order. */
export function fieldKeys<T extends EntityFields>(fields: T): (keyof T & string)[] {
  return Object.keys(fields);
}

/** The values of the table's fields out of an object that may hold more (a request, a parsed row). */
export function pickFields<T extends EntityFields, V extends { [K in keyof T]: unknown }>(fields: T, source: V): Pick<V, keyof T> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, source[key]])) as Pick<V, keyof T>;
}

/** The fields naming one master-data item (not several), each with its key. */
export function referenceFields<T extends EntityFields>(fields: T): (ReferenceField & { key: FieldKeysOf<T, 'reference'> })[] {
  return Object.entries(fields).flatMap(([key, f]) => (f.kind === 'reference' && !f.many ? [{ ...f, key: key as FieldKeysOf<T, 'reference'> }] : []));
}

/** The fields naming records of other modules, each with its key. */
export function recordFields<T extends EntityFields>(fields: T): (RecordField & { key: FieldKeysOf<T, 'record'> })[] {
  return Object.entries(fields).flatMap(([key, f]) => (f.kind === 'record' ? [{ ...f, key: key as FieldKeysOf<T, 'record'> }] : []));
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
export function fieldFilters<T extends EntityFields>(fields: T): { param: string; key: keyof T & string; field: ReferenceField | EnumField | RecordField }[] {
  return Object.entries(fields).flatMap(([key, f]) =>
    (f.kind === 'reference' || f.kind === 'enum' || f.kind === 'record') && f.filter ? [{ param: f.filter.param ?? key, key, field: f }] : [],
  );
}

const blankAsNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** One of `values` in any case (stored as declared); blank is null, `fallback` when given, or `blank` when required; anything else `notFound`. */
export function enumInput<const V extends readonly [string, ...string[]]>(values: V, notFound: ErrorCode, blank?: ErrorCode, fallback?: V[number]): z.ZodType<V[number] | null, unknown> {
  const match = (s: string) => values.find((v) => v.toUpperCase() === s.toUpperCase());
  const rule = storableText()
    .trim()
    .refine((s) => match(s) !== undefined, codedRule(notFound))
    .transform((s) => match(s) as V[number])
    .nullable();
  return z.preprocess((v) => blankAsNull(v) ?? fallback ?? null, blank ? rule.refine((v) => v !== null, codedRule(blank)) : rule);
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

/** A whole number from `min` to `max` (a number, or its digits as text: a form's, a cell's); blank is `fallback` (`notValid` without one); anything else `notValid`. */
export function integerInput(min: number, max: number, notValid: ErrorCode, fallback?: number): z.ZodType<number, unknown> {
  return z.preprocess(
    (v) => {
      const blank = blankAsNull(v);
      if (blank === null) return fallback ?? null;
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

/** A list of ids, each once, from `many.min` to `many.max` of them (absent: none, where none may be). */
function idList(many: Many, id: z.ZodType<string | null, unknown>): z.ZodType<string[], unknown> {
  const list = z
    .array(id.refine((v) => v !== null))
    .min(many.min)
    .max(many.max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each once' });
  return (many.min > 0 ? list : list.default([])) as never;
}

/**
 * A text's rule: blank answers its `blank` code, or the generic error when it is only `required`, or is
 * null; at most `max`; a one-line text refuses line breaks and control characters.
 */
function textRule(field: TextField): z.ZodType<unknown, unknown> {
  const rule: z.ZodType<string | null, unknown> = field.blank ? notBlankText(field.blank, field.max) : field.required ? storableText().trim().min(1).max(field.max) : optionalText(field.max);
  return field.oneLine ? rule.pipe(oneLineText().nullable()) : rule;
}

function inputRule(field: EntityField): z.ZodType<unknown, unknown> {
  switch (field.kind) {
    case 'code':
      return codeInput(field);
    case 'text':
      return textRule(field);
    case 'reference': {
      if (field.many) return idList(field.many, optionalReference(field.notFound));
      return field.blank ? requiredReference(field.blank, field.notFound) : optionalReference(field.notFound);
    }
    case 'record': {
      const id = field.notFound
        ? field.required || field.many
          ? requiredReference(field.notFound, field.notFound)
          : optionalReference(field.notFound)
        : field.required || field.many
          ? z.uuid()
          : z.uuid().nullish().transform((v) => v ?? null);
      return field.many ? idList(field.many, id as z.ZodType<string | null, unknown>) : id;
    }
    case 'enum':
      return enumInput(field.values, field.notFound, field.blank, field.default);
    case 'integer':
      return integerInput(field.min, field.max, field.notValid, field.default);
    case 'gtin':
      return gtinInput(field.notValid);
    case 'datetime':
      return field.blank ? z.preprocess(absentAsNull, isoDateTime.nullable().refine((d) => d !== null, codedRule(field.blank))) : isoDateTime;
    case 'email':
      // absent stays absent (a form leaves out an address it does not ask for); blank is none
      return z.preprocess((v) => (v === undefined ? v : blankAsNull(v)), storableText().trim().max(field.max).refine(isEmailAddress, codedRule(field.notValid)).nullish());
    case 'custom':
      return field.rule;
  }
}

const absentAsNull = (v: unknown) => v ?? null;

/** Whether a text is an e-mail address, as forms and the server check it. */
export const isEmailAddress = (v: string): boolean => z.email().safeParse(v).success;

/** The zod shape of a create or update request: every field with its input rule. */
export function requestShape<T extends EntityFields>(fields: T): { -readonly [K in keyof T]: z.ZodType<FieldInput<T[K]>, unknown> } {
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, inputRule(f)])) as never;
}

/** The keys of the fields set only when the entity is made. */
export type CreatedOnlyKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { createdOnly: true } ? K : never }[keyof T];

/** The zod shape of an update: the fields that may change after creation, each with its input rule. */
export function updateShape<T extends EntityFields>(fields: T): { -readonly [K in Exclude<keyof T, CreatedOnlyKey<T>>]: z.ZodType<FieldInput<T[K]>, unknown> } {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, f]) => (f.createdOnly ? [] : [[key, inputRule(f)]]))) as never;
}

function valueSchema(field: EntityField): z.ZodType<unknown> {
  const required = isRequired(field);
  switch (field.kind) {
    case 'code':
      return z.string();
    case 'text':
    case 'email':
      return required ? z.string() : z.string().nullable();
    case 'reference':
    case 'record':
      return required ? z.uuid() : z.uuid().nullable();
    case 'enum':
      return required ? z.enum(field.values) : z.enum(field.values).nullable();
    case 'integer':
      return z.number().int();
    case 'gtin':
      return z.string().nullable();
    case 'datetime':
      return z.string();
    case 'custom':
      return field.view ?? field.rule;
  }
}

/** The view's properties that carry the names of the items or records one field names (seasonName). */
export type ReferenceNameKey<T extends EntityFields> = {
  [K in keyof T]: T[K] extends { kind: 'reference' | 'record'; name: infer N extends string } ? (T[K] extends { many: Many } ? never : N) : never;
}[keyof T];
/** The view's properties that carry the items or records several-valued fields name (zones). */
type NamedListKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { many: Many; name: infer N extends string } ? N : never }[keyof T];
/** The names of the items an entity references, as its view carries them; null when the item is gone. */
export type ReferenceNames<T extends EntityFields> = { [N in ReferenceNameKey<T>]: string | null };

/** A field's value in the entity's view. */
type ViewValue<F extends EntityField> = F extends CustomField<infer Rule, infer View> ? (z.ZodType extends View ? z.output<Rule> : z.output<View>) : F extends DateTimeField ? string : FieldValue<F>;

/**
 * The zod shape of the fields in the entity's view (list and detail): each value as stored (a moment
 * as ISO text), each reference followed by its item's name (null when the item is gone); a field
 * naming several items carries them named ({ id, code, name }) in place of their ids.
 */
export function viewShape<T extends EntityFields>(
  fields: T,
): { -readonly [K in Exclude<keyof T, ManyKey<T>>]: z.ZodType<ViewValue<T[K]>> } & { [N in ReferenceNameKey<T>]: z.ZodType<string | null> } & {
  [N in NamedListKey<T>]: z.ZodType<NamedRecord[]>;
} {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, f]) => {
      if ((f.kind === 'reference' || f.kind === 'record') && f.many) return [[f.name, z.array(namedRecord)] as const];
      return [[key, valueSchema(f)] as const, ...(f.kind === 'reference' || f.kind === 'record' ? [[f.name, z.string().nullable()] as const] : [])];
    }),
  ) as never;
}

/** The zod shape of the list's field filters: a reference's id, an enum's value; each optional. */
export function filterShape<T extends EntityFields>(
  fields: T,
): { [K in keyof T as T[K] extends { filter: FieldFilter } ? FilterParam<K, T[K]> : never]: z.ZodOptional<z.ZodType<(T[K] extends { many: Many } ? string : FieldValue<T[K]>) & {}>> } {
  return Object.fromEntries(
    fieldFilters(fields).map(({ param, field }) => [param, (field.kind === 'enum' ? z.enum(field.values) : z.uuid()).optional()]),
  ) as never;
}
