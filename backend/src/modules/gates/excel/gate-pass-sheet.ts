import { exportedColumns, GATE_PASS_LIST_COLUMNS, type ExportColumnKey, type GatePassView, type Language } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';

export type GatePassColumn = ExportColumnKey<typeof GATE_PASS_LIST_COLUMNS>;

export const GATE_PASS_SHEET_TITLE: Record<Language, string> = { vi: 'Lịch sử qua cổng', en: 'Gate history' };

export const GATE_PASS_COLUMNS: ExcelColumn<GatePassColumn>[] = exportedColumns(GATE_PASS_LIST_COLUMNS);

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
