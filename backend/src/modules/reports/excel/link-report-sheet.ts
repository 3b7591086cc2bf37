import { exportedColumns, LINK_REPORT_COLUMNS, type ExportColumnKey, type Language, type LinkReportEntry } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';
import type { LinkAction } from '../queries/link-reports.queries.js';

export type LinkReportColumn = ExportColumnKey<typeof LINK_REPORT_COLUMNS>;

export const LINK_REPORT_TITLE: Record<LinkAction, Record<Language, string>> = {
  LINK: { vi: 'Báo cáo liên kết', en: 'Linking report' },
  UNLINK: { vi: 'Báo cáo hủy liên kết', en: 'Unlink report' },
};

/** The columns of a report's export: the list's, the reason for the unlink report only. */
export function linkReportColumns(action: LinkAction): ExcelColumn<LinkReportColumn>[] {
  return exportedColumns(LINK_REPORT_COLUMNS).filter((c) => action === 'UNLINK' || c.key !== 'reason');
}

/** An export row: the list's entry, its time as a date cell. */
export function linkReportRow(entry: LinkReportEntry): ExcelRow<LinkReportColumn> {
  return { ...entry, at: new Date(entry.at) };
}
