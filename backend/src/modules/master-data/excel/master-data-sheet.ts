import {
  activeStatus,
  CATALOGUE_NAMES,
  exportedColumns,
  MASTER_DATA_COLUMNS,
  ZONE_CODE_COLUMN,
  type ExportColumnKey,
  createMasterDataItemRequest,
  type CreateMasterDataItemRequest,
  type ErrorCode,
  type ImportRowError,
  type Language,
  type MasterDataCatalogue,
  type MasterDataKey,
} from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import { duplicatesInFile, parseRows } from '../../../platform/excel/row-errors.js';
import type { ReadRow } from '../../../platform/excel/workbook-reader.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { MasterDataItemsTable } from '../master-data.tables.js';
import { sameTextKey } from '../domain/master-data-item.js';

export type MasterDataColumn = ExportColumnKey<typeof MASTER_DATA_COLUMNS>;

/** The sheet name of each catalogue's files: the catalogue's name, as its menu entry reads. */
export function sheetTitle(catalogue: MasterDataKey, language: Language): string {
  return CATALOGUE_NAMES[catalogue][language].many;
}

/** A code that exists already answers ZONE_ID_EXISTS in the zone catalogue and ID_EXISTS in the others. */
export function codeExistsError(catalogue: MasterDataCatalogue): ErrorCode {
  return catalogue.zoneCode ? 'ZONE_ID_EXISTS' : 'ID_EXISTS';
}

/** The columns of a catalogue's template, export and import (the list's, with what an import requires of each). */
export function masterDataColumns(catalogue: MasterDataCatalogue): ExcelColumn<MasterDataColumn>[] {
  const rules: Record<MasterDataColumn, Partial<ExcelColumn<MasterDataColumn>>> = {
    code: catalogue.zoneCode
      ? { ...ZONE_CODE_COLUMN, required: true, format: { vi: '2–100 chữ in hoa và chữ số', en: '2–100 uppercase letters and digits' } }
      : { required: true, format: { vi: 'chữ, số và . _ -', en: 'letters, digits and . _ -' } },
    name: { required: true, blankCode: 'NAME_MUST_BE_NOT_BLANK' },
    description: {},
    status: { list: activeStatus.options },
  };
  return exportedColumns(MASTER_DATA_COLUMNS).map((c) => ({ ...c, ...rules[c.key] }));
}

export function masterDataRow(item: MasterDataItemsTable): ExcelRow<MasterDataColumn> {
  return { code: item.code, name: item.name, description: item.description, status: item.status };
}

/** A cell left empty is a field left out: no description, the default status. */
function toRequest(values: Record<MasterDataColumn, string>): unknown {
  const optional = (text: string) => (text.trim() === '' ? undefined : text);
  return { code: values.code, name: values.name, description: optional(values.description), status: optional(values.status)?.trim().toUpperCase() };
}

/**
 * The rows of an import checked on their own: the rules of the create form for each row, and no code
 * or name twice in the file (as sameTextKey compares them). The items of the rows that pass, and the errors.
 */
export function checkImportRows(
  catalogue: MasterDataCatalogue,
  rows: readonly ReadRow<MasterDataColumn>[],
  lang: Language,
): { items: { row: number; value: CreateMasterDataItemRequest }[]; errors: ImportRowError[] } {
  const columns = masterDataColumns(catalogue);
  const { parsed, errors } = parseRows(rows, columns, createMasterDataItemRequest(catalogue.key), toRequest, lang);
  const [code, name] = columns as [ExcelColumn, ExcelColumn];
  errors.push(
    ...duplicatesInFile(parsed, (v) => sameTextKey(v.code), code, codeExistsError(catalogue), lang),
    ...duplicatesInFile(parsed, (v) => sameTextKey(v.name), name, 'NAME_EXISTS', lang),
  );
  return { items: parsed, errors };
}
