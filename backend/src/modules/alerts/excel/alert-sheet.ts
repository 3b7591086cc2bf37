import { ALERT_LIST_COLUMNS, exportedColumns, type AlertKind, type AlertState, type AlertView, type ExportColumnKey, type GateItemKind, type Language } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';

export const ALERT_REPORT_TITLE: Record<Language, string> = { vi: 'Báo cáo cảnh báo', en: 'Alert report' };

const KIND: Record<AlertKind, Record<Language, string>> = {
  GATE: { vi: 'Cổng an ninh', en: 'Security gate' },
  READER_DISCONNECTED: { vi: 'Đầu đọc mất kết nối', en: 'Reader disconnected' },
  STOCKTAKE_ABNORMAL: { vi: 'Kiểm kê bất thường', en: 'Stocktake abnormal' },
};
const STATE: Record<AlertState, Record<Language, string>> = {
  ACTIVE: { vi: 'Đang bật', en: 'Active' },
  DISABLED: { vi: 'Đã tắt', en: 'Disabled' },
};
const ITEM_KIND: Record<GateItemKind, Record<Language, string>> = {
  SAMPLE: { vi: 'Mẫu', en: 'Sample' },
  PRODUCT: { vi: 'Sản phẩm', en: 'Product' },
  TAG: { vi: 'Thẻ RFID', en: 'RFID tag' },
  UNKNOWN: { vi: 'Thẻ lạ', en: 'Unknown tag' },
};

type AlertColumn = ExportColumnKey<typeof ALERT_LIST_COLUMNS>;

/** The alert report's export: the list's columns. */
export const ALERT_COLUMNS: ExcelColumn<AlertColumn>[] = exportedColumns(ALERT_LIST_COLUMNS);

/** An export row: the view's values, enums in the asker's language, times as date cells. */
export function alertRow(a: AlertView, language: Language): ExcelRow<AlertColumn> {
  return {
    at: new Date(a.at),
    kind: KIND[a.kind][language],
    gateCode: a.gateCode,
    gateName: a.gateName,
    antenna: a.antenna,
    epc: a.epc,
    itemKind: a.item ? ITEM_KIND[a.item.kind][language] : null,
    itemCode: a.item?.code,
    itemName: a.item?.name,
    state: STATE[a.state][language],
    disabledBy: a.disabledBy,
    disabledAt: a.disabledAt ? new Date(a.disabledAt) : null,
    disableReason: a.disableReason,
  };
}
