import { exportedColumns, RFID_TAG_COLUMNS, type ExportColumnKey, type Language } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { RfidTagsTable } from '../rfid.tables.js';

export type TagExportColumn = ExportColumnKey<typeof RFID_TAG_COLUMNS>;
const IMPORTED = ['code', 'containerName', 'containerBox', 'containerCart'] as const;
export type TagImportColumn = (typeof IMPORTED)[number];

export const TAG_SHEET_TITLE: Record<Language, string> = { vi: 'Thẻ RFID', en: 'RFID tags' };

/** The export's columns (the list's), with what an import requires of the code. */
export function tagExportColumns(): ExcelColumn<TagExportColumn>[] {
  return exportedColumns(RFID_TAG_COLUMNS).map((c) =>
    c.key === 'code'
      ? { ...c, required: true, blankCode: 'RFID_NOT_BLANK', format: { vi: 'hệ 16, bội số của 4 ký tự, tối đa 124 ký tự', en: 'hexadecimal, a multiple of 4 digits, at most 124' } }
      : c,
  );
}

/** The columns of the tag template and import: the code and the container it is on. */
export function tagImportColumns(): ExcelColumn<TagImportColumn>[] {
  return tagExportColumns().filter((c): c is ExcelColumn<TagImportColumn> => (IMPORTED as readonly string[]).includes(c.key));
}

export function tagExportRow(r: RfidTagsTable, language: Language): ExcelRow<TagExportColumn> {
  const yes = { vi: 'Có', en: 'Yes' }[language];
  const no = { vi: 'Không', en: 'No' }[language];
  return {
    code: r.code,
    containerName: r.container_name,
    containerBox: r.container_box,
    containerCart: r.container_cart,
    state: r.state,
    locked: r.locked ? yes : no,
    sampleCode: r.sample_code,
    updatedAt: r.updated_at,
  };
}
