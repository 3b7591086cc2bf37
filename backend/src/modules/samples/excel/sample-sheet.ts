import { exportedColumns, SAMPLE_FIELDS, SAMPLE_SYSTEM_COLUMNS, type ExportColumnKey, type Language, type SampleFieldKey } from '@rfid/contracts';
import { entityColumns, exportCells, importRowSchema, type ReferenceLists } from '../../../platform/entity-fields/entity-sheet.js';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { ExportedSample } from '../queries/samples.queries.js';

export type { ReferenceLists } from '../../../platform/entity-fields/entity-sheet.js';

/** The columns of the sheet: a sample's fields (SAMPLE_FIELDS), references by name. */
export type SampleImportColumn = SampleFieldKey;
export type SampleExportColumn = SampleImportColumn | ExportColumnKey<typeof SAMPLE_SYSTEM_COLUMNS>;

export const SAMPLE_SHEET_TITLE: Record<Language, string> = { vi: 'Mẫu', en: 'Samples' };

/**
 * The columns of the sample template and import: the form's fields, references by name (a code is
 * accepted too). `lists` adds the drop-downs of a template: each reference column offers the active
 * items of its catalogue, the side its values.
 */
export function sampleImportColumns(lists?: ReferenceLists): ExcelColumn<SampleImportColumn>[] {
  return entityColumns(SAMPLE_FIELDS, lists);
}

/** A row of the sheet as checked by the form's rules; references still names or codes. */
export const sampleImportRow = importRowSchema(SAMPLE_FIELDS);

/**
 * The columns of an export: those of the import (so an export can be edited and imported again)
 * without drop-downs, then what the system keeps: the current tag, the usage count, the date updated.
 */
export function sampleExportColumns(): ExcelColumn<SampleExportColumn>[] {
  return [
    ...sampleImportColumns(),
    ...exportedColumns(SAMPLE_SYSTEM_COLUMNS),
  ];
}

/** A row of the export: master data by name (`nameOf` an id). */
export function sampleExportRow({ fields, currentTagCode, usageCount, updatedMs }: ExportedSample, nameOf: (id: string | null) => string | null): ExcelRow<SampleExportColumn> {
  return { ...exportCells(SAMPLE_FIELDS, fields, nameOf), currentTagCode, usageCount, updatedAt: new Date(updatedMs) };
}
