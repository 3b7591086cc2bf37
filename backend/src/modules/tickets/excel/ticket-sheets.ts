import { catalogueItemName, type InventoryReportRow, type InventoryRow, type Language, type TicketDirection, type TicketStatus, type TicketView } from '@rfid/contracts';
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

type TicketColumn = 'code' | 'status' | 'source' | 'warehouse' | 'supplier' | 'poNumber' | 'planned' | 'draft' | 'actual' | 'createdBy' | 'createdAt';

export const TICKET_COLUMNS: ExcelColumn<TicketColumn>[] = [
  { key: 'code', header: { vi: 'Mã phiếu', en: 'Ticket code' }, width: 14 },
  { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, width: 18 },
  { key: 'source', header: { vi: 'Nguồn', en: 'Source' }, width: 14 },
  { key: 'warehouse', header: { vi: 'Kho', en: 'Warehouse' }, width: 20 },
  { key: 'supplier', header: catalogueItemName('customers'), width: 22 },
  { key: 'poNumber', header: { vi: 'Số PO', en: 'PO number' }, width: 16 },
  { key: 'planned', header: { vi: 'SL kế hoạch', en: 'Planned' }, width: 12 },
  { key: 'draft', header: { vi: 'SL chuẩn bị', en: 'Draft' }, width: 12 },
  { key: 'actual', header: { vi: 'SL thực tế', en: 'Actual' }, width: 12 },
  { key: 'createdBy', header: { vi: 'Người tạo', en: 'Created by' }, width: 18 },
  { key: 'createdAt', header: { vi: 'Ngày tạo', en: 'Date created' }, width: 34, dateTime: true },
];

export function ticketRow(t: TicketView, language: Language): ExcelRow<TicketColumn> {
  return {
    code: t.code,
    status: STATUS[t.status][language],
    source: SOURCE[t.source][language],
    warehouse: t.warehouseName,
    supplier: t.supplierName,
    poNumber: t.poNumber,
    planned: t.totals.planned,
    draft: t.totals.draft,
    actual: t.totals.actual,
    createdBy: t.createdBy.name,
    createdAt: new Date(t.createdAt),
  };
}

export const INVENTORY_SHEET_TITLE = { vi: 'Tồn kho', en: 'Inventory' } as const;
type InventoryColumn = 'productCode' | 'productName' | 'unit' | 'warehouse' | 'onHand' | 'reserved' | 'incoming';

export const INVENTORY_COLUMNS: ExcelColumn<InventoryColumn>[] = [
  { key: 'productCode', header: { vi: 'Mã sản phẩm', en: 'Product code' }, width: 16 },
  { key: 'productName', header: { vi: 'Tên sản phẩm', en: 'Product name' }, width: 28 },
  { key: 'unit', header: { vi: 'Đơn vị', en: 'Unit' }, width: 10 },
  { key: 'warehouse', header: { vi: 'Kho', en: 'Warehouse' }, width: 20 },
  { key: 'onHand', header: { vi: 'Tồn', en: 'On hand' }, width: 12 },
  { key: 'reserved', header: { vi: 'Đã giữ cho phiếu xuất', en: 'Reserved' }, width: 14 },
  { key: 'incoming', header: { vi: 'Sắp nhập', en: 'Incoming' }, width: 12 },
];

export const inventoryRowOf = (r: InventoryRow): ExcelRow<InventoryColumn> => ({ ...r, warehouse: r.warehouseName });

export const INVENTORY_REPORT_SHEET_TITLE = { vi: 'Báo cáo tồn kho', en: 'Inventory report' } as const;
type ReportColumn = 'productCode' | 'productName' | 'warehouse' | 'opening' | 'in' | 'out' | 'closing' | 'tickets';

export const INVENTORY_REPORT_COLUMNS: ExcelColumn<ReportColumn>[] = [
  { key: 'productCode', header: { vi: 'Mã sản phẩm', en: 'Product code' }, width: 16 },
  { key: 'productName', header: { vi: 'Tên sản phẩm', en: 'Product name' }, width: 28 },
  { key: 'warehouse', header: { vi: 'Kho', en: 'Warehouse' }, width: 20 },
  { key: 'opening', header: { vi: 'Tồn đầu kỳ', en: 'Opening' }, width: 12 },
  { key: 'in', header: { vi: 'Nhập', en: 'In' }, width: 10 },
  { key: 'out', header: { vi: 'Xuất', en: 'Out' }, width: 10 },
  { key: 'closing', header: { vi: 'Tồn cuối kỳ', en: 'Closing' }, width: 12 },
  { key: 'tickets', header: { vi: 'Phiếu', en: 'Tickets' }, width: 40 },
];

export const inventoryReportRowOf = (r: InventoryReportRow): ExcelRow<ReportColumn> => ({
  ...r,
  warehouse: r.warehouseName,
  tickets: r.tickets.map((t) => `${t.code} (${t.quantity > 0 ? '+' : ''}${t.quantity})`).join(', '),
});
