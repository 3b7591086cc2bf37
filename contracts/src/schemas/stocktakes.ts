import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { LIMITS } from '../limits.js';
import { catalogueReference, defineEntityFields, requestShape, updateShape, viewShape, type EntityValues } from '../entity-fields.js';
import { actorView, booleanQuery, isoDateTime, listResponse, pagingQuery, searchText, sortQuery, storableText, wholeNumber } from './common.js';

/*
 * Stocktaking (/stocktake/stocktaking) and quick counts (/stocktake/counting): what is expected in
 * some zones, what handheld readers found there, and how the two are reconciled.
 */

/** The stocktaking status: CREATE (new, green), INVENTORIZING (counting, yellow), CLOSED (red). */
export const STOCKTAKE_STATUSES = ['CREATE', 'INVENTORIZING', 'CLOSED'] as const;
export const stocktakeStatus = z.enum(STOCKTAKE_STATUSES);
export type StocktakeStatus = z.infer<typeof stocktakeStatus>;

/** What a line is about: a sample (expected 1), a product in a zone (expected its stock there), or a tag scanned that nothing expected. */
export const STOCKTAKE_LINE_KINDS = ['SAMPLE', 'PRODUCT', 'TAG'] as const;
export const stocktakeLineKind = z.enum(STOCKTAKE_LINE_KINDS);
export type StocktakeLineKind = z.infer<typeof stocktakeLineKind>;

/** A line's result: an expected item FOUND or MISSING; a scanned tag not expected ABNORMAL. */
export const STOCKTAKE_LINE_RESULTS = ['FOUND', 'MISSING', 'ABNORMAL'] as const;
export const stocktakeLineResult = z.enum(STOCKTAKE_LINE_RESULTS);
export type StocktakeLineResult = z.infer<typeof stocktakeLineResult>;

/**
 * Why a scanned tag is abnormal: it belongs to another zone (ZONE_MISMATCH, "Code does not match the
 * search area", naming that zone), it is out on a ticket (OUT_ON_TICKET), or nobody knows it (UNKNOWN).
 */
export const ABNORMAL_REASONS = ['ZONE_MISMATCH', 'OUT_ON_TICKET', 'UNKNOWN'] as const;
export const abnormalReason = z.enum(ABNORMAL_REASONS);
export type AbnormalReason = z.infer<typeof abnormalReason>;

/** The result filter: every line, the abnormal ones, the ignored ones. */
export const RESULT_FILTERS = ['ALL', 'ABNORMAL', 'IGNORE'] as const;
export const resultFilter = z.enum(RESULT_FILTERS);
export type ResultFilter = z.infer<typeof resultFilter>;

/** A stocktake's fields, in the order of its form. */
export const STOCKTAKE_FIELDS = defineEntityFields({
  name: { kind: 'text', max: LIMITS.TEXT_MAX, required: true, oneLine: true, label: 'stocktake.name', search: true },
  note: { kind: 'text', max: 500, multiline: true, label: 'stocktake.note' },
  /** The zones (master data) counted: one or more. */
  zoneIds: catalogueReference('zones', { name: 'zones', many: { min: 1, max: 50 }, createdOnly: true, label: 'stocktake.zones' }),
  /** The handheld readers that count for it. */
  readerIds: { kind: 'record', of: 'handhelds', name: 'readers', many: { min: 0, max: 20 }, label: 'stocktake.handhelds' },
  /** The users who count. */
  userIds: { kind: 'record', of: 'users', name: 'users', many: { min: 0, max: 50 }, label: 'stocktake.users' },
});
/** What a stocktake is asked to count and by whom: the values of its fields. */
export type StocktakeFieldValues = EntityValues<typeof STOCKTAKE_FIELDS>;

export const createStocktakeRequest = z.object(requestShape(STOCKTAKE_FIELDS));
export type CreateStocktakeRequest = z.infer<typeof createStocktakeRequest>;
/** Only the name, note, readers and users change after creation (the expected list was taken then); `version` is the one the form was opened on. */
export const updateStocktakeRequest = z.object({ ...updateShape(STOCKTAKE_FIELDS), version: wholeNumber(1) });
export type UpdateStocktakeRequest = z.infer<typeof updateStocktakeRequest>;

/** Closing, with the corrections the user chose on the close dialog. */
export const closeStocktakeRequest = z.object({
  /** Samples found here that belonged to another zone are moved to this ticket's zone. */
  moveFound: z.boolean().default(false),
  /** Expected samples not found are marked missing (until a reader sees them again). */
  markMissing: z.boolean().default(false),
  /** Each product's stock per zone is set to what was counted. */
  adjustStock: z.boolean().default(false),
});
export type CloseStocktakeRequest = z.infer<typeof closeStocktakeRequest>;

/** EPCs counted elsewhere (a handheld that syncs later), with the same rules as a reader's; `zoneId`: where they were counted (default the ticket's first zone). */
export const stocktakeScansRequest = z.object({
  epcs: z.array(storableText().trim().min(1).max(128)).min(1).max(LIMITS.STOCKTAKE_UPLOAD_EPCS_MAX),
  zoneId: z.uuid().optional(),
});
export type StocktakeScansRequest = z.infer<typeof stocktakeScansRequest>;
export const stocktakeScansResponse = z.object({ counted: z.number().int(), repeated: z.number().int(), invalid: z.array(z.string()) });
export type StocktakeScansResponse = z.infer<typeof stocktakeScansResponse>;

export const ignoreLineRequest = z.object({ note: storableText().trim().min(1).max(500) });
export type IgnoreLineRequest = z.infer<typeof ignoreLineRequest>;

export const stocktakeTotals = z.object({
  expected: z.number().int(),
  found: z.number().int(),
  missing: z.number().int(),
  abnormal: z.number().int(),
  ignored: z.number().int(),
  /** Distinct tags counted. */
  scanned: z.number().int(),
});
export type StocktakeTotals = z.infer<typeof stocktakeTotals>;


export const stocktakeView = z.object({
  id: z.uuid(),
  code: z.string(),
  ...viewShape(STOCKTAKE_FIELDS),
  status: stocktakeStatus,
  totals: stocktakeTotals,
  createdBy: actorView,
  updatedBy: actorView,
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  version: z.number().int(),
  /** The event history's position of the stocktake's last change, its counts included: of two readings, the one with the higher is newer. */
  position: z.number().int(),
});
export type StocktakeView = z.infer<typeof stocktakeView>;

export const stocktakeDetail = stocktakeView.extend({
  /** What the signed-in user may do now. */
  allowedActions: z.array(z.enum(['UPDATE', 'START', 'RESET', 'CLOSE', 'SCAN', 'IGNORE'])),
  /** What closing corrected, once closed. */
  corrections: z.object({ moved: z.number().int(), markedMissing: z.number().int(), stockAdjusted: z.number().int() }).nullable(),
});
export type StocktakeDetail = z.infer<typeof stocktakeDetail>;

/** The stocktake list's columns. */
export const STOCKTAKE_LIST_COLUMNS = defineListColumns({
  code: { label: 'stocktake.code', sort: true },
  name: { label: 'stocktake.name', sort: true },
  status: { label: 'stocktake.status' },
  zones: { label: 'stocktake.zones' },
  scanned: { label: 'stocktake.scanned' },
  createdBy: { label: 'stocktake.created_by' },
  updatedBy: { label: 'stocktake.updated_by' },
  createdAt: { label: 'common.created_at', sort: true },
  updatedAt: { label: 'common.updated_at', sort: true },
});

export const stocktakeListQuery = pagingQuery.extend({
  /** The code or the name. */
  q: searchText.optional(),
  status: stocktakeStatus.optional(),
  zoneId: z.uuid().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  sort: sortQuery(sortColumnKeys(STOCKTAKE_LIST_COLUMNS), 'createdAt:desc'),
});
export type StocktakeListQuery = z.infer<typeof stocktakeListQuery>;
export const stocktakeListResponse = listResponse(stocktakeView);
export type StocktakeListResponse = z.infer<typeof stocktakeListResponse>;

export const stocktakeLineView = z.object({
  id: z.number().int(),
  kind: stocktakeLineKind,
  /** The sample's or product's id; null for a tag. */
  itemId: z.uuid().nullable(),
  code: z.string(),
  name: z.string().nullable(),
  /** The zone the line is counted for (a product's line is per zone). */
  zoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  /** The tag: a sample's, or the abnormal tag. */
  epc: z.string().nullable(),
  expected: z.number().int(),
  found: z.number().int(),
  result: stocktakeLineResult,
  reason: abnormalReason.nullable(),
  /** ZONE_MISMATCH: the zone the item belongs to. */
  otherZoneId: z.uuid().nullable(),
  otherZoneName: z.string().nullable(),
  ignored: z.boolean(),
  ignoreNote: z.string().nullable(),
});
export type StocktakeLineView = z.infer<typeof stocktakeLineView>;

/** A stocktake's result lines. */
export const STOCKTAKE_LINE_COLUMNS = defineListColumns({
  kind: { header: { vi: 'Loại', en: 'Kind' }, width: 12 },
  code: { label: 'stocktake.line_code', header: { vi: 'Mã', en: 'Code' }, width: 20, sort: true },
  name: { label: 'stocktake.line_name', header: { vi: 'Tên', en: 'Name' }, width: 28 },
  epc: { label: 'stocktake.tag', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  zoneName: { label: 'stocktake.zone', header: { vi: 'Khu vực', en: 'Zone' }, width: 18 },
  expected: { label: 'stocktake.expected', header: { vi: 'Số lượng hệ thống', en: 'Expected' }, width: 12 },
  found: { label: 'stocktake.found', header: { vi: 'Số lượng kiểm', en: 'Found' }, width: 12 },
  result: { label: 'stocktake.result', header: { vi: 'Kết quả', en: 'Result' }, width: 14, sort: true },
  reason: { label: 'stocktake.reason', header: { vi: 'Lý do', en: 'Reason' }, width: 30 },
  otherZoneName: { header: { vi: 'Khu vực của mã', en: 'Zone it belongs to' }, width: 18 },
  ignoreNote: { label: 'stocktake.ignore_note', header: { vi: 'Bỏ qua (ghi chú)', en: 'Ignored (note)' }, width: 26 },
});

export const stocktakeLineQuery = pagingQuery.extend({
  result: resultFilter.default('ALL'),
  /** FOUND or MISSING lines of expected items only. */
  found: z.enum(['FOUND', 'MISSING']).optional(),
  /** The tag, or the item's code or name. */
  q: searchText.optional(),
  sort: sortQuery(sortColumnKeys(STOCKTAKE_LINE_COLUMNS), 'code:asc'),
});
export type StocktakeLineQuery = z.infer<typeof stocktakeLineQuery>;
export const stocktakeLineFilter = stocktakeLineQuery.omit({ page: true, size: true });
export type StocktakeLineFilter = z.infer<typeof stocktakeLineFilter>;
export const stocktakeLineResponse = listResponse(stocktakeLineView).extend({ totals: stocktakeTotals });
export type StocktakeLineResponse = z.infer<typeof stocktakeLineResponse>;

/** A push to the open stocktake page while it counts: its totals now. */
export interface StocktakeProgressPush {
  stocktakeId: string;
  status: StocktakeStatus;
  totals: StocktakeTotals;
  /** As the stocktake's: a push older than the page's reading is left out. */
  position: number;
}

/** A quick count without a ticket: a handheld in COUNTING mode, from when it started scanning until it stopped. */
export const countingView = z.object({
  id: z.uuid(),
  readerId: z.uuid(),
  readerCode: z.string(),
  readerName: z.string(),
  /** The user assigned to the reader first, if any. */
  userName: z.string().nullable(),
  zoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  startedAt: z.string(),
  /** Null while it still counts. */
  stoppedAt: z.string().nullable(),
  /** Distinct tags counted, split into samples, product units' tags and unknown tags. */
  tagCount: z.number().int(),
  samples: z.number().int(),
  products: z.number().int(),
  unknown: z.number().int(),
});
export type CountingView = z.infer<typeof countingView>;

/** The quick counts' columns. */
export const COUNTING_COLUMNS = defineListColumns({
  reader: { label: 'counting.reader' },
  userName: { label: 'counting.user' },
  zoneName: { label: 'counting.zone' },
  startedAt: { label: 'counting.started_at', sort: true },
  stoppedAt: { label: 'counting.stopped_at' },
  tagCount: { label: 'counting.tag_count' },
  samples: { label: 'counting.samples' },
  products: { label: 'counting.products' },
  unknown: { label: 'counting.unknown' },
});

export const countingListQuery = pagingQuery.extend({
  readerId: z.uuid().optional(),
  zoneId: z.uuid().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  open: booleanQuery.optional(),
  sort: sortQuery(sortColumnKeys(COUNTING_COLUMNS), 'startedAt:desc'),
});
export type CountingListQuery = z.infer<typeof countingListQuery>;
export const countingListResponse = listResponse(countingView);
export type CountingListResponse = z.infer<typeof countingListResponse>;

export const countingTagView = z.object({
  epc: z.string(),
  kind: z.enum(['SAMPLE', 'PRODUCT', 'UNKNOWN']),
  itemId: z.uuid().nullable(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  at: z.string(),
});
export type CountingTagView = z.infer<typeof countingTagView>;
export const countingDetail = countingView.extend({ tags: z.array(countingTagView) });
export type CountingDetail = z.infer<typeof countingDetail>;
