import { exportedColumns, INVENTORY_COLUMNS, INVENTORY_REPORT_COLUMNS, TICKET_LIST_COLUMNS, type ExportColumnKey, type InventoryReportRow, type Language, type TicketDirection, type TicketStatus, type TicketView } from '@rfid/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel-column.js';
import type { ExcelRow } from '../../../platform/excel/workbook-writer.js';

/** The statuses as the lists show them. */
const STATUS: Record<TicketStatus, Record<Language, string>> = {
  NEW: { vi: 'Mới', en: 'New' },
  PREPARING: { vi: 'Đang chuẩn bị', en: 'Preparing' },
  PREPARED: { vi: 'Đã chuẩn bị', en: 'Prepared' },
  AWAITING_APPROVAL: { vi: 'Chờ duyệt', en: 'Awaiting approval' },
  APPROVED: { vi: 'Đã duyệt', en: 'Approved' },
  CANCELLED: { vi: 'Đã hủy', en: 'Cancelled' },
  RECEIVING: { vi: 'Đang nhập', en: 'Receiving' },
  EXPORTING: { vi: 'Đang xuất', en: 'Exporting' },
  CLOSED: { vi: 'Đã đóng', en: 'Closed' },
};
const SOURCE = { SUPPLIER: { vi: 'Nhà cung cấp', en: 'Supplier' }, INTERNAL: { vi: 'Nội bộ', en: 'Internal' } } as const;

export const TICKET_SHEET_TITLE: Record<TicketDirection, Record<Language, string>> = {
  IMPORT: { vi: 'Phiếu nhập', en: 'Import tickets' },
  EXPORT: { vi: 'Phiếu xuất', en: 'Export tickets' },
};

type TicketColumn = ExportColumnKey<typeof TICKET_LIST_COLUMNS>;

export const TICKET_COLUMNS: ExcelColumn<TicketColumn>[] = exportedColumns(TICKET_LIST_COLUMNS);

export function ticketRow(t: TicketView, language: Language): ExcelRow<TicketColumn> {
  return {
    code: t.code,
    status: STATUS[t.status][language],
    source: SOURCE[t.source][language],
    warehouseName: t.warehouseName,
    supplierName: t.supplierName,
    poNumber: t.poNumber,
    planned: t.totals.planned,
    draft: t.totals.draft,
    actual: t.totals.actual,
    createdBy: t.createdBy.name,
    createdAt: new Date(t.createdAt),
  };
}

export const INVENTORY_SHEET_TITLE = { vi: 'Tồn kho', en: 'Inventory' } as const;
export const INVENTORY_SHEET_COLUMNS: ExcelColumn<ExportColumnKey<typeof INVENTORY_COLUMNS>>[] = exportedColumns(INVENTORY_COLUMNS);

export const INVENTORY_REPORT_SHEET_TITLE = { vi: 'Báo cáo tồn kho', en: 'Inventory report' } as const;
type ReportColumn = ExportColumnKey<typeof INVENTORY_REPORT_COLUMNS>;

export const INVENTORY_REPORT_SHEET_COLUMNS: ExcelColumn<ReportColumn>[] = exportedColumns(INVENTORY_REPORT_COLUMNS);

export const inventoryReportRowOf = (r: InventoryReportRow): ExcelRow<ReportColumn> => ({
  ...r,
  tickets: r.tickets.map((t) => `${t.code} (${t.quantity > 0 ? '+' : ''}${t.quantity})`).join(', '),
});
