import type { Language } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { RfidTagsTable } from '../rfid.tables.js';

export type TagImportColumn = 'code' | 'containerName' | 'containerBox' | 'containerCart';
export type TagExportColumn = TagImportColumn | 'state' | 'locked' | 'sampleCode' | 'updatedAt';

export const TAG_SHEET_TITLE: Record<Language, string> = { vi: 'Thẻ RFID', en: 'RFID tags' };

/** The columns of the tag template and import: the code and the container it is on. */
export function tagImportColumns(): ExcelColumn<TagImportColumn>[] {
  return [
    {
      key: 'code',
      header: { vi: 'Mã RFID', en: 'Code' },
      width: 34,
      required: true,
      blankCode: 'RFID_NOT_BLANK',
      format: { vi: 'hệ 16, bội số của 4 ký tự, tối đa 124 ký tự', en: 'hexadecimal, a multiple of 4 digits, at most 124' },
    },
    { key: 'containerName', header: { vi: 'Container', en: 'Container' }, width: 20 },
    { key: 'containerBox', header: { vi: 'Thùng', en: 'Box' }, width: 14 },
    { key: 'containerCart', header: { vi: 'Xe đẩy', en: 'Cart' }, width: 14 },
  ];
}

/** An export: the import's columns (an export can be imported elsewhere), then the state, the lock, the sample and the date updated. */
export function tagExportColumns(): ExcelColumn<TagExportColumn>[] {
  return [
    ...tagImportColumns(),
    { key: 'state', header: { vi: 'Trạng thái', en: 'State' }, width: 12 },
    { key: 'locked', header: { vi: 'Khóa', en: 'Locked' }, width: 10 },
    { key: 'sampleCode', header: { vi: 'Mã mẫu', en: 'Sample code' }, width: 16 },
    { key: 'updatedAt', header: { vi: 'Ngày cập nhật', en: 'Date updated' }, width: 34, dateTime: true },
  ];
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
