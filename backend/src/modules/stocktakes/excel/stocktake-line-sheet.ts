import type { Language, StocktakeLineView } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';

export type StocktakeLineColumn = 'kind' | 'code' | 'name' | 'epc' | 'zone' | 'expected' | 'found' | 'result' | 'reason' | 'otherZone' | 'ignoreNote';

export const STOCKTAKE_LINE_SHEET_TITLE: Record<Language, string> = { vi: 'Kết quả kiểm kê', en: 'Stocktaking result' };

export const STOCKTAKE_LINE_COLUMNS: ExcelColumn<StocktakeLineColumn>[] = [
  { key: 'kind', header: { vi: 'Loại', en: 'Kind' }, width: 12 },
  { key: 'code', header: { vi: 'Mã', en: 'Code' }, width: 20 },
  { key: 'name', header: { vi: 'Tên', en: 'Name' }, width: 28 },
  { key: 'epc', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  { key: 'zone', header: { vi: 'Khu vực', en: 'Zone' }, width: 18 },
  { key: 'expected', header: { vi: 'Số lượng hệ thống', en: 'Expected' }, width: 12 },
  { key: 'found', header: { vi: 'Số lượng kiểm', en: 'Found' }, width: 12 },
  { key: 'result', header: { vi: 'Kết quả', en: 'Result' }, width: 14 },
  { key: 'reason', header: { vi: 'Lý do', en: 'Reason' }, width: 30 },
  { key: 'otherZone', header: { vi: 'Khu vực của mã', en: 'Zone it belongs to' }, width: 18 },
  { key: 'ignoreNote', header: { vi: 'Bỏ qua (ghi chú)', en: 'Ignored (note)' }, width: 26 },
];

/** Words of the enum values in the sheet's language. */
const WORDS: Record<Language, Record<string, string>> = {
  vi: {
    SAMPLE: 'Mẫu', PRODUCT: 'Sản phẩm', TAG: 'Thẻ', FOUND: 'Tìm thấy', MISSING: 'Thiếu', ABNORMAL: 'Bất thường',
    ZONE_MISMATCH: 'Mã không khớp với khu vực tìm kiếm', OUT_ON_TICKET: 'Đang xuất theo phiếu', UNKNOWN: 'Thẻ lạ',
  },
  en: {
    SAMPLE: 'Sample', PRODUCT: 'Product', TAG: 'Tag', FOUND: 'Found', MISSING: 'Missing', ABNORMAL: 'Abnormal',
    ZONE_MISMATCH: 'Code does not match the search area', OUT_ON_TICKET: 'Out on a ticket', UNKNOWN: 'Unknown tag',
  },
};

export function stocktakeLineRow(l: StocktakeLineView, language: Language): ExcelRow<StocktakeLineColumn> {
  const w = WORDS[language];
  return {
    kind: w[l.kind]!,
    code: l.code,
    name: l.name,
    epc: l.epc,
    zone: l.zoneName,
    expected: l.expected,
    found: l.found,
    result: w[l.result]!,
    reason: l.reason ? w[l.reason]! : null,
    otherZone: l.otherZoneName,
    ignoreNote: l.ignored ? (l.ignoreNote ?? '') : null,
  };
}
