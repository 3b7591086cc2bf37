import { z } from 'zod';
import { catalogueItemName } from '../catalogue-names.js';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { LIMITS } from '../limits.js';
import { catalogueReference, defineEntityFields, requestShape, viewShape, type EntityValues } from '../entity-fields.js';
import { actorView, codedRule, isoDateTime, listResponse, pagingQuery, quantityInput, savedRecord, searchText, sortQuery, storableText } from './common.js';

/*
 * Import and export tickets: goods and samples moving in and out of a warehouse, counted by RFID.
 * One model for both directions; an export ticket is also approved before it may start.
 */

export const TICKET_DIRECTIONS = ['IMPORT', 'EXPORT'] as const;
export const ticketDirection = z.enum(TICKET_DIRECTIONS);
export type TicketDirection = z.infer<typeof ticketDirection>;

/** The order source type: products from (or to) a supplier, or the sample room's own samples. */
export const TICKET_SOURCES = ['SUPPLIER', 'INTERNAL'] as const;
export const ticketSource = z.enum(TICKET_SOURCES);
export type TicketSource = z.infer<typeof ticketSource>;

/** The order flow codes: NEW → PREPARING → PREPARED → DOING (receiving, exporting) → DONE (closed). */
export const TICKET_FLOWS = ['NEW', 'PREPARING', 'PREPARED', 'DOING', 'DONE'] as const;
export const ticketFlow = z.enum(TICKET_FLOWS);
export type TicketFlow = z.infer<typeof ticketFlow>;

/** The approval state of an export ticket (CREATED: not yet approved; AWAITING: sent for approval). */
export const APPROVAL_STATES = ['CREATED', 'AWAITING', 'APPROVED', 'CANCELED'] as const;
export const approvalState = z.enum(APPROVAL_STATES);
export type ApprovalState = z.infer<typeof approvalState>;

/**
 * The status a person reads: import tickets new, preparing, prepared, receiving, closed; export tickets
 * new, preparing, prepared, awaiting approval, approved, cancelled, exporting, closed.
 */
export const TICKET_STATUSES = ['NEW', 'PREPARING', 'PREPARED', 'AWAITING_APPROVAL', 'APPROVED', 'CANCELLED', 'RECEIVING', 'EXPORTING', 'CLOSED'] as const;
export const ticketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatus>;

/** The status of a ticket from its flow and approval. */
export function ticketStatusOf(direction: TicketDirection, flow: TicketFlow, approval: ApprovalState | null): TicketStatus {
  if (flow === 'DONE') return 'CLOSED';
  if (flow === 'DOING') return direction === 'IMPORT' ? 'RECEIVING' : 'EXPORTING';
  if (direction === 'EXPORT' && flow === 'PREPARED') {
    if (approval === 'AWAITING') return 'AWAITING_APPROVAL';
    if (approval === 'APPROVED') return 'APPROVED';
    if (approval === 'CANCELED') return 'CANCELLED';
  }
  return flow;
}

/** The actions on a ticket, each allowed only from certain states (and approve/cancel only by an approver who is not the creator). */
export const TICKET_ACTIONS = ['prepare', 'prepared', 'submit', 'approve', 'cancel', 'start', 'close', 'rollback'] as const;
export const ticketAction = z.enum(TICKET_ACTIONS);
export type TicketAction = z.infer<typeof ticketAction>;

/** A product line: the product and how many are planned (at least 1; a product at most once per ticket). */
export const productLine = z.object({
  productId: z.uuid(),
  planned: quantityInput,
});
export type ProductLine = z.infer<typeof productLine>;

const productLines = z
  .array(productLine)
  .max(1000)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, codedRule('PRODUCT_ALREADY_ON_TICKET'));
const sampleIds = z
  .array(z.uuid())
  .max(5000)
  .refine((ids) => new Set(ids).size === ids.length, codedRule('SAMPLE_ALREADY_ON_TICKET'));

/**
 * A ticket's fields, in the order of its form: what each is, its rule and error codes, its label and
 * whether the list searches by it. The product lines and the samples are the ticket's lines, not fields.
 */
export const TICKET_FIELDS = defineEntityFields({
  /** The warehouse: a zone of the location catalogue. */
  warehouseId: catalogueReference('zones', { name: 'warehouseName', blank: 'BAD_REQUEST_ERROR', label: 'tickets.warehouse' }),
  /** SUPPLIER tickets: the supplier (catalogue `customers`). */
  supplierId: catalogueReference('customers', { name: 'supplierName' }),
  /** SUPPLIER tickets: the purchase order number. */
  poNumber: { kind: 'text', max: LIMITS.TEXT_MAX, label: 'tickets.po_number', search: true },
  /** The gate reader the goods pass through. */
  allowedGateId: { kind: 'record', of: 'readers', name: 'allowedGateCode', notFound: 'READER_NOT_FOUND', label: 'tickets.allowed_gate' },
  /** The reader used to prepare (a handheld) or, without a gate, to count. */
  equipmentId: { kind: 'record', of: 'readers', name: 'equipmentCode', notFound: 'READER_NOT_FOUND', label: 'tickets.equipment' },
  note: { kind: 'text', max: 500, multiline: true, label: 'tickets.note', search: true },
});
/** What a ticket is besides its lines: the values of its fields, references by id. */
export type TicketFieldValues = EntityValues<typeof TICKET_FIELDS>;

const ticketFields = {
  ...requestShape(TICKET_FIELDS),
  /** SUPPLIER tickets: products and planned quantities. */
  lines: productLines.default([]),
  /** INTERNAL tickets: the samples (never empty). */
  sampleIds: sampleIds.default([]),
};

export const createTicketRequest = z
  .object({ source: ticketSource, ...ticketFields })
  .superRefine((t, ctx) => {
    if (t.source === 'INTERNAL' && t.sampleIds.length === 0) ctx.addIssue({ code: 'custom', path: ['sampleIds'], ...codedRule('SAMPLE_LIST_EMPTY') });
    if (t.source === 'SUPPLIER' && t.lines.length === 0) ctx.addIssue({ code: 'custom', path: ['lines'], ...codedRule('PRODUCT_LIST_EMPTY') });
  });
export type CreateTicketRequest = z.infer<typeof createTicketRequest>;
export const updateTicketRequest = z.object(ticketFields);
export type UpdateTicketRequest = z.infer<typeof updateTicketRequest>;

/** An export ticket names the gate its goods leave by: a ticket naming none would let them out at no gate and alarm at all. */
function namesItsGate(t: { allowedGateId?: string | null }, ctx: z.RefinementCtx): void {
  if (!t.allowedGateId) ctx.addIssue({ code: 'custom', path: ['allowedGateId'], ...codedRule('ALLOWED_GATE_REQUIRED') });
}
/** Each direction's create and update bodies: an export's must name its gate. */
export const TICKET_REQUESTS = {
  IMPORT: { create: createTicketRequest, update: updateTicketRequest },
  EXPORT: { create: createTicketRequest.superRefine(namesItsGate), update: updateTicketRequest.superRefine(namesItsGate) },
} satisfies Record<TicketDirection, unknown>;

export const ticketActionRequest = z.object({
  /** Why (rollback, cancel): kept on the timeline. */
  reason: storableText().trim().max(500).optional(),
});
export type TicketActionRequest = z.infer<typeof ticketActionRequest>;

/** The ticket lists' columns: the screen shows the quantities in one column, the export one each. */
export const TICKET_LIST_COLUMNS = defineListColumns({
  code: { label: 'tickets.code', header: { vi: 'Mã phiếu', en: 'Ticket code' }, width: 14, sort: true },
  status: { label: 'tickets.status', header: { vi: 'Trạng thái', en: 'Status' }, width: 18 },
  source: { label: 'tickets.source', header: { vi: 'Nguồn', en: 'Source' }, width: 14 },
  warehouseName: { label: 'tickets.warehouse', header: { vi: 'Kho', en: 'Warehouse' }, width: 20 },
  supplierName: { label: 'catalogue:customers.one', header: catalogueItemName('customers'), width: 22 },
  poNumber: { label: 'tickets.po_number', header: { vi: 'Số PO', en: 'PO number' }, width: 16 },
  quantities: { label: 'tickets.quantities' },
  planned: { header: { vi: 'SL kế hoạch', en: 'Planned' }, width: 12 },
  draft: { header: { vi: 'SL chuẩn bị', en: 'Draft' }, width: 12 },
  actual: { header: { vi: 'SL thực tế', en: 'Actual' }, width: 12 },
  createdBy: { label: 'tickets.created_by', header: { vi: 'Người tạo', en: 'Created by' }, width: 18 },
  createdAt: { label: 'common.created_at', header: { vi: 'Ngày tạo', en: 'Date created' }, width: 34, dateTime: true, sort: true },
  updatedAt: { label: 'common.updated_at', sort: true },
});
export const ticketListQuery = pagingQuery.extend({
  q: searchText.optional(),
  status: ticketStatus.optional(),
  source: ticketSource.optional(),
  warehouseId: z.uuid().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  sort: sortQuery(sortColumnKeys(TICKET_LIST_COLUMNS), 'createdAt:desc'),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;
/** The list's filters and sort without its paging: what the Excel export takes. */
export const ticketFilter = ticketListQuery.omit({ page: true, size: true });
export type TicketFilter = z.infer<typeof ticketFilter>;

/** One line as the ticket shows it: planned, draft (tagged while preparing), actual (scanned while receiving or exporting). */
export const ticketLineView = z.object({
  /** `product:{id}` or `sample:{id}`. */
  key: z.string(),
  productId: z.uuid().nullable(),
  sampleId: z.uuid().nullable(),
  code: z.string(),
  name: z.string().nullable(),
  unit: z.string().nullable(),
  planned: z.number().int(),
  draft: z.number().int(),
  actual: z.number().int(),
});
export type TicketLineView = z.infer<typeof ticketLineView>;

/** Why a scanned tag is listed apart instead of counted. */
export const APART_REASONS = ['UNKNOWN', 'NOT_ON_TICKET', 'OVER_PLANNED'] as const;
export const apartReason = z.enum(APART_REASONS);
export type ApartReason = z.infer<typeof apartReason>;

/** A tag scanned that the ticket did not count: the user removes it or accepts it (then it counts). */
export const apartTagView = z.object({
  epc: z.string(),
  reason: apartReason,
  step: z.enum(['PREPARING', 'DOING']),
  /** What the tag is, when known. */
  productId: z.uuid().nullable(),
  sampleId: z.uuid().nullable(),
  code: z.string().nullable(),
  units: z.number().int(),
  at: z.string(),
});
export type ApartTagView = z.infer<typeof apartTagView>;

export const ticketTimelineEntry = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  from: ticketStatus.nullable(),
  to: ticketStatus.nullable(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export type TicketTimelineEntry = z.infer<typeof ticketTimelineEntry>;

export const ticketView = z.object({
  id: z.uuid(),
  code: z.string(),
  direction: ticketDirection,
  source: ticketSource,
  flow: ticketFlow,
  approval: approvalState.nullable(),
  status: ticketStatus,
  ...viewShape(TICKET_FIELDS),
  createdBy: actorView,
  approvedBy: actorView.nullable(),
  approvedAt: z.string().nullable(),
  /** The readers whose reads count for this ticket now, and for which step. */
  scanning: z.object({ step: z.enum(['PREPARING', 'DOING']), readerIds: z.array(z.uuid()) }).nullable(),
  totals: z.object({ planned: z.number().int(), draft: z.number().int(), actual: z.number().int(), apart: z.number().int() }),
  ...savedRecord,
});
export type TicketView = z.infer<typeof ticketView>;

/** A product an export ticket plans more of than is available (on hand less what approved export tickets hold). */
export const stockShortageView = z.object({ productId: z.uuid(), code: z.string(), available: z.number().int(), planned: z.number().int() });
export type StockShortageView = z.infer<typeof stockShortageView>;

export const ticketDetail = ticketView.extend({
  lines: z.array(ticketLineView),
  /** An export not yet approved: the products it plans more of than is available now (approval will be refused while any is listed). */
  shortages: z.array(stockShortageView),
  apart: z.array(apartTagView),
  timeline: z.array(ticketTimelineEntry),
  /** The actions the signed-in user may take now. */
  allowedActions: z.array(ticketAction),
});
export type TicketDetail = z.infer<typeof ticketDetail>;
export const ticketList = listResponse(ticketView);

/** Tags scanned elsewhere (a handheld that syncs later, a pasted list): counted by the same rules. */
export const ticketScansRequest = z.object({ epcs: z.array(storableText()).min(1).max(LIMITS.TAG_REGISTER_MAX * 20) });
export type TicketScansRequest = z.infer<typeof ticketScansRequest>;
export const ticketScansResult = z.object({ counted: z.number().int(), apart: z.number().int(), repeated: z.number().int(), invalid: z.array(z.string()) });
export type TicketScansResult = z.infer<typeof ticketScansResult>;

export const apartDecisionRequest = z.object({ epcs: z.array(storableText()).min(1).max(1000), decision: z.enum(['accept', 'remove']) });
export type ApartDecisionRequest = z.infer<typeof apartDecisionRequest>;

/** What the open detail page is pushed while a ticket is scanned: its new quantities, as of the ticket's version (one reading). */
export const ticketProgressPush = z.object({
  ticketId: z.uuid(),
  version: z.number().int(),
  totals: ticketView.shape.totals,
  lines: z.array(ticketLineView.pick({ key: true, draft: true, actual: true })),
});
export type TicketProgressPush = z.infer<typeof ticketProgressPush>;

/*
 * Stock: what closed tickets moved, per product and warehouse; and the samples' whereabouts.
 */
/** The inventory's columns: a product's stock in a warehouse. */
export const INVENTORY_COLUMNS = defineListColumns({
  productCode: { label: 'inventory.product_code', header: { vi: 'Mã sản phẩm', en: 'Product code' }, width: 16, sort: true },
  productName: { label: 'inventory.product_name', header: { vi: 'Tên sản phẩm', en: 'Product name' }, width: 28 },
  unit: { label: 'inventory.unit', header: { vi: 'Đơn vị', en: 'Unit' }, width: 10 },
  warehouseName: { label: 'tickets.warehouse', header: { vi: 'Kho', en: 'Warehouse' }, width: 20 },
  onHand: { label: 'inventory.on_hand', header: { vi: 'Tồn', en: 'On hand' }, width: 12, sort: true },
  reserved: { label: 'inventory.reserved', header: { vi: 'Đã giữ cho phiếu xuất', en: 'Reserved' }, width: 14 },
  incoming: { label: 'inventory.incoming', header: { vi: 'Sắp nhập', en: 'Incoming' }, width: 12 },
});

/** The inventory report's columns: a product's movements in a warehouse over a period. */
export const INVENTORY_REPORT_COLUMNS = defineListColumns({
  productCode: { label: 'inventory.product_code', header: { vi: 'Mã sản phẩm', en: 'Product code' }, width: 16 },
  productName: { label: 'inventory.product_name', header: { vi: 'Tên sản phẩm', en: 'Product name' }, width: 28 },
  warehouseName: { label: 'tickets.warehouse', header: { vi: 'Kho', en: 'Warehouse' }, width: 20 },
  opening: { label: 'inventory.opening', header: { vi: 'Tồn đầu kỳ', en: 'Opening' }, width: 12 },
  in: { label: 'inventory.in', header: { vi: 'Nhập', en: 'In' }, width: 10 },
  out: { label: 'inventory.out', header: { vi: 'Xuất', en: 'Out' }, width: 10 },
  closing: { label: 'inventory.closing', header: { vi: 'Tồn cuối kỳ', en: 'Closing' }, width: 12 },
  tickets: { label: 'inventory.tickets', header: { vi: 'Phiếu', en: 'Tickets' }, width: 40 },
});

export const inventoryQuery = pagingQuery.extend({
  warehouseId: z.uuid().optional(),
  productId: z.uuid().optional(),
  q: searchText.optional(),
  /** The stock as it was at this moment (computed from the movements up to it). */
  asOf: isoDateTime.optional(),
  sort: sortQuery(sortColumnKeys(INVENTORY_COLUMNS), 'productCode:asc'),
});
export type InventoryQuery = z.infer<typeof inventoryQuery>;
export const inventoryFilter = inventoryQuery.omit({ page: true, size: true });
export type InventoryFilter = z.infer<typeof inventoryFilter>;

export const inventoryRow = z.object({
  productId: z.uuid(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string().nullable(),
  warehouseId: z.uuid(),
  warehouseName: z.string().nullable(),
  onHand: z.number().int(),
  /** Planned on approved export tickets not yet closed. */
  reserved: z.number().int(),
  /** Planned on import tickets not yet closed. */
  incoming: z.number().int(),
});
export type InventoryRow = z.infer<typeof inventoryRow>;

export const SAMPLE_WHEREABOUTS = ['IN', 'OUT'] as const;
export const sampleWhereabouts = z.object({
  sampleId: z.uuid(),
  state: z.enum(SAMPLE_WHEREABOUTS),
  zoneId: z.uuid().nullable(),
  ticketId: z.uuid().nullable(),
  ticketCode: z.string().nullable(),
  since: z.string(),
});
export type SampleWhereabouts = z.infer<typeof sampleWhereabouts>;

/** How many samples are where: in the sample room, per zone; out, per ticket that lent them. */
export const samplePlaceRow = z.object({
  state: z.enum(SAMPLE_WHEREABOUTS),
  zoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  ticketId: z.uuid().nullable(),
  ticketCode: z.string().nullable(),
  samples: z.number().int(),
});
export type SamplePlaceRow = z.infer<typeof samplePlaceRow>;

export const inventoryReportQuery = z.object({
  from: isoDateTime,
  to: isoDateTime,
  warehouseId: z.uuid().optional(),
  productId: z.uuid().optional(),
});
export type InventoryReportQuery = z.infer<typeof inventoryReportQuery>;

export const inventoryReportRow = z.object({
  productId: z.uuid(),
  productCode: z.string(),
  productName: z.string(),
  warehouseId: z.uuid(),
  warehouseName: z.string().nullable(),
  opening: z.number().int(),
  in: z.number().int(),
  out: z.number().int(),
  closing: z.number().int(),
  /** The tickets behind the movements of the period. */
  tickets: z.array(z.object({ id: z.uuid(), code: z.string(), direction: ticketDirection, quantity: z.number().int(), at: z.string() })),
});
export type InventoryReportRow = z.infer<typeof inventoryReportRow>;
