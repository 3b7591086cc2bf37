import { fieldInputRule, notBlankText, optionalText, type EntityInput, type EntityValues, type MasterDataKey, type SheetField, type SheetFields } from '@rfid/contracts';
import { z } from 'zod';
import type { ExcelColumn } from '../excel/excel-column.js';
import type { ExcelRow } from '../excel/workbook-writer.js';

/*
 * An entity's Excel sheet from its field table: one column per field, in the table's order, under the
 * field's header; the template, the import and the export share the columns, so an export can be
 * edited and imported again. A reference's cell holds its item's name (a code is accepted too).
 */

/** Active names per catalogue: the drop-down lists of a template. */
export type ReferenceLists = Partial<Record<MasterDataKey, readonly string[]>>;

/** A master-data name or code in a cell is at most 100 characters. */
const REFERENCE_TEXT_MAX = 100;

/**
 * The columns of the entity's fields. `lists` (a template's) adds the drop-downs: a reference column
 * offers the active items of its catalogue, an enum column its values.
 */
export function entityColumns<T extends SheetFields>(fields: T, lists?: ReferenceLists): ExcelColumn<keyof T & string>[] {
  return Object.entries(fields).map(([key, f]) => ({
    key,
    header: f.excel.header,
    width: f.excel.width,
    ...(f.kind !== 'code' && f.kind !== 'integer' && f.blank ? { required: true, blankCode: f.blank } : {}),
    ...(f.excel.format ? { format: f.excel.format } : {}),
    ...(f.excel.formerHeaders ? { formerHeaders: f.excel.formerHeaders } : {}),
    ...(f.kind === 'reference' && lists?.[f.catalogue] ? { list: lists[f.catalogue] } : {}),
    ...(f.kind === 'enum' && lists ? { list: f.values } : {}),
  }));
}

function cellRule(field: SheetField): z.ZodType<unknown, unknown> {
  if (field.kind !== 'reference') return fieldInputRule(field);
  return field.blank ? notBlankText(field.blank, REFERENCE_TEXT_MAX) : optionalText(REFERENCE_TEXT_MAX);
}

/**
 * The rules of an imported row: each field's rule of the form, except that a reference is a name or a
 * code still to be found (resolveReferenceTexts), blank answering the field's `blank` code.
 */
export function importRowSchema<T extends SheetFields>(fields: T): z.ZodType<EntityInput<T>, unknown> {
  return z.object(Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, cellRule(f)]))) as never;
}

/** The cells of an entity's fields in an export: a reference by its item's name (`nameOf` an id). */
export function exportCells<T extends SheetFields>(fields: T, values: EntityValues<T>, nameOf: (id: string | null) => string | null): ExcelRow<keyof T & string> {
  const v = values as Record<string, string | null>;
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, f.kind === 'reference' ? nameOf(v[key] ?? null) : v[key]])) as ExcelRow<keyof T & string>;
}
