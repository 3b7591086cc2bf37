import { catalogueItemName, type Language, type LinkReportEntry } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { LinkAction } from '../queries/link-reports.queries.js';

export type LinkReportColumn =
  | 'at'
  | 'tagCode'
  | 'sampleCode'
  | 'sampleName'
  | 'modelName'
  | 'artNumber'
  | 'seasonName'
  | 'sizeName'
  | 'customerName'
  | 'username'
  | 'reason';

export const LINK_REPORT_TITLE: Record<LinkAction, Record<Language, string>> = {
  LINK: { vi: 'Báo cáo liên kết', en: 'Linking report' },
  UNLINK: { vi: 'Báo cáo hủy liên kết', en: 'Unlink report' },
};

/** The columns of a report's export: the list's, the reason for the unlink report only. */
export function linkReportColumns(action: LinkAction): ExcelColumn<LinkReportColumn>[] {
  const columns: ExcelColumn<LinkReportColumn>[] = [
    { key: 'at', header: { vi: 'Thời gian', en: 'Time' }, width: 34, dateTime: true },
    { key: 'tagCode', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
    { key: 'sampleCode', header: { vi: 'Mã mẫu', en: 'Sample code' }, width: 16 },
    { key: 'sampleName', header: { vi: 'Tên mẫu', en: 'Sample name' }, width: 28 },
    { key: 'modelName', header: { vi: 'Tên model', en: 'Model name' }, width: 22 },
    { key: 'artNumber', header: { vi: 'Mã art', en: 'Art number' }, width: 16 },
    { key: 'seasonName', header: catalogueItemName('seasons'), width: 18 },
    { key: 'sizeName', header: catalogueItemName('sizes'), width: 12 },
    { key: 'customerName', header: catalogueItemName('customers'), width: 22 },
    { key: 'username', header: { vi: 'Người thực hiện', en: 'User' }, width: 18 },
  ];
  if (action === 'UNLINK') columns.push({ key: 'reason', header: { vi: 'Lý do', en: 'Reason' }, width: 30 });
  return columns;
}

/** An export row: the list's entry, its time as a date cell. */
export function linkReportRow(entry: LinkReportEntry): ExcelRow<LinkReportColumn> {
  return { ...entry, at: new Date(entry.at) };
}
