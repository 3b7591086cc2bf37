import type { GatePassView, Language } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';

export type GatePassColumn = 'at' | 'gate' | 'antenna' | 'direction' | 'epc' | 'itemKind' | 'itemCode' | 'itemName' | 'decision' | 'permit';

export const GATE_PASS_SHEET_TITLE: Record<Language, string> = { vi: 'Lịch sử qua cổng', en: 'Gate history' };

export const GATE_PASS_COLUMNS: ExcelColumn<GatePassColumn>[] = [
  { key: 'at', header: { vi: 'Thời gian', en: 'Time' }, width: 22, dateTime: true },
  { key: 'gate', header: { vi: 'Cổng', en: 'Gate' }, width: 26 },
  { key: 'antenna', header: { vi: 'Ăng-ten', en: 'Antenna' }, width: 10 },
  { key: 'direction', header: { vi: 'Hướng', en: 'Direction' }, width: 12 },
  { key: 'epc', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  { key: 'itemKind', header: { vi: 'Loại', en: 'Kind' }, width: 12 },
  { key: 'itemCode', header: { vi: 'Mã', en: 'Code' }, width: 18 },
  { key: 'itemName', header: { vi: 'Tên', en: 'Name' }, width: 26 },
  { key: 'decision', header: { vi: 'Kết quả', en: 'Decision' }, width: 14 },
  { key: 'permit', header: { vi: 'Phiếu cho phép', en: 'Permit' }, width: 16 },
];

/** Words of the enum values in the sheet's language. */
const WORDS: Record<Language, Record<string, string>> = {
  vi: {
    OUT: 'Ra', IN: 'Vào', UNKNOWN: 'Không rõ', SAMPLE: 'Mẫu', PRODUCT: 'Sản phẩm', TAG: 'Thẻ', ALLOWED: 'Cho phép', ALERT: 'Cảnh báo',
    RECORDED: 'Chỉ ghi nhận', NOT_CHECKED: 'Không kiểm tra', IGNORED: 'Bỏ qua',
  },
  en: {
    OUT: 'Out', IN: 'In', UNKNOWN: 'Unknown', SAMPLE: 'Sample', PRODUCT: 'Product', TAG: 'Tag', ALLOWED: 'Allowed', ALERT: 'Alert',
    RECORDED: 'Recorded', NOT_CHECKED: 'Not checked', IGNORED: 'Ignored',
  },
};

export function gatePassRow(p: GatePassView, language: Language): ExcelRow<GatePassColumn> {
  const w = WORDS[language];
  // an unknown tag's kind: its own word per language
  const kind = p.item.kind === 'UNKNOWN' ? (language === 'vi' ? 'Thẻ lạ' : 'Unknown tag') : w[p.item.kind]!;
  return {
    at: new Date(p.at),
    gate: `${p.gateCode} · ${p.gateName}`,
    antenna: p.antenna,
    direction: w[p.direction]!,
    epc: p.epc,
    itemKind: kind,
    itemCode: p.item.code,
    itemName: p.item.name,
    decision: w[p.decision]!,
    permit: p.permit?.code ?? null,
  };
}
