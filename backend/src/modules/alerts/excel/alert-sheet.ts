import type { AlertKind, AlertState, AlertView, GateItemKind, Language } from '@rfid/contracts';
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

type AlertColumn = 'at' | 'kind' | 'gateCode' | 'gateName' | 'antenna' | 'epc' | 'itemKind' | 'itemCode' | 'itemName' | 'state' | 'disabledBy' | 'disabledAt' | 'disableReason';

/** The alert report's export: the list's columns. */
export const ALERT_COLUMNS: ExcelColumn<AlertColumn>[] = [
  { key: 'at', header: { vi: 'Thời gian', en: 'Time' }, width: 34, dateTime: true },
  { key: 'kind', header: { vi: 'Loại cảnh báo', en: 'Alert kind' }, width: 22 },
  { key: 'gateCode', header: { vi: 'Mã cổng', en: 'Gate code' }, width: 14 },
  { key: 'gateName', header: { vi: 'Tên cổng', en: 'Gate name' }, width: 22 },
  { key: 'antenna', header: { vi: 'Ăng-ten', en: 'Antenna' }, width: 10 },
  { key: 'epc', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  { key: 'itemKind', header: { vi: 'Loại hàng', en: 'Item kind' }, width: 14 },
  { key: 'itemCode', header: { vi: 'Mã hàng', en: 'Item code' }, width: 16 },
  { key: 'itemName', header: { vi: 'Tên hàng', en: 'Item name' }, width: 28 },
  { key: 'state', header: { vi: 'Trạng thái', en: 'State' }, width: 12 },
  { key: 'disabledBy', header: { vi: 'Người tắt', en: 'Disabled by' }, width: 18 },
  { key: 'disabledAt', header: { vi: 'Thời gian tắt', en: 'Disabled at' }, width: 34, dateTime: true },
  { key: 'disableReason', header: { vi: 'Lý do', en: 'Reason' }, width: 30 },
];

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
