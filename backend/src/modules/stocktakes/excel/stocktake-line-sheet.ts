import { exportedColumns, STOCKTAKE_LINE_COLUMNS, type ExportColumnKey, type Language, type StocktakeLineView } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';

export type StocktakeLineColumn = ExportColumnKey<typeof STOCKTAKE_LINE_COLUMNS>;

export const STOCKTAKE_LINE_SHEET_TITLE: Record<Language, string> = { vi: 'Kết quả kiểm kê', en: 'Stocktaking result' };

export const STOCKTAKE_LINE_SHEET_COLUMNS: ExcelColumn<StocktakeLineColumn>[] = exportedColumns(STOCKTAKE_LINE_COLUMNS);

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
    zoneName: l.zoneName,
    expected: l.expected,
    found: l.found,
    result: w[l.result]!,
    reason: l.reason ? w[l.reason]! : null,
    otherZoneName: l.otherZoneName,
    ignoreNote: l.ignored ? (l.ignoreNote ?? '') : null,
  };
}
