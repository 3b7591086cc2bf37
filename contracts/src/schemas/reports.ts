import { z } from 'zod';
import { catalogueItemName } from '../catalogue-names.js';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { filterShape } from '../entity-fields.js';
import { isoDateTime, listResponse, pagingQuery, searchText, sortQuery } from './common.js';
import { SAMPLE_FIELDS } from './samples.js';

/**
 * The reports' date-range helper: from midnight `days` days ago to 23:59:59 today, in the local time
 * of whoever asks (the browser). `days` 0 is today.
 */
export function lastDaysRange(days: number, now: Date = new Date()): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 0, 0, 0, 0);
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { from, to };
}

/** The sample attributes the linking and unlink reports filter by: rows of the sample field table. */
export const LINK_REPORT_SAMPLE_FILTERS = {
  seasonId: SAMPLE_FIELDS.seasonId,
  categoryId: SAMPLE_FIELDS.categoryId,
  customerId: SAMPLE_FIELDS.customerId,
  sizeId: SAMPLE_FIELDS.sizeId,
};

/** The filters of the linking and unlink reports, and of their Excel exports. */
export const linkReportFilter = z.object({
  /** ISO date-times, inclusive. */
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  /** Who linked or unlinked. */
  userId: z.uuid().optional(),
  /** Tag code, the sample code of the link, or the sample's texts as the sample list searches them (code, name, model, art number, colour), ignoring case and accents. */
  q: searchText.optional(),
  ...filterShape(LINK_REPORT_SAMPLE_FILTERS),
});
export type LinkReportFilter = z.infer<typeof linkReportFilter>;

/** The linking and unlink reports' columns; only the unlink report has a reason. */
export const LINK_REPORT_COLUMNS = defineListColumns({
  at: { label: 'reports.time', header: { vi: 'Thời gian', en: 'Time' }, width: 34, dateTime: true, sort: true },
  tagCode: { label: 'rfid.code', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  sampleCode: { label: 'samples.code', header: { vi: 'Mã mẫu', en: 'Sample code' }, width: 16 },
  sampleName: { label: 'samples.name', header: { vi: 'Tên mẫu', en: 'Sample name' }, width: 28 },
  modelName: { label: 'samples.model', header: { vi: 'Tên model', en: 'Model name' }, width: 22 },
  artNumber: { label: 'samples.art', header: { vi: 'Mã art', en: 'Art number' }, width: 16 },
  seasonName: { label: 'catalogue:seasons.one', header: catalogueItemName('seasons'), width: 18 },
  sizeName: { header: catalogueItemName('sizes'), width: 12 },
  customerName: { label: 'catalogue:customers.one', header: catalogueItemName('customers'), width: 22 },
  username: { label: 'reports.user', header: { vi: 'Người thực hiện', en: 'User' }, width: 18 },
  reason: { label: 'rfid.reason', header: { vi: 'Lý do', en: 'Reason' }, width: 30 },
});

/** A report lists by the time of each link or unlink, newest first unless asked otherwise; any other sort is refused, as on every list. */
export const linkReportQuery = pagingQuery.extend({ ...linkReportFilter.shape, sort: sortQuery(sortColumnKeys(LINK_REPORT_COLUMNS), 'at:desc') });
export type LinkReportQuery = z.infer<typeof linkReportQuery>;

/** One link or unlink, with the sample's attributes as they are now. */
export const linkReportEntry = z.object({
  /** The event's global position. */
  id: z.number().int(),
  at: z.string(),
  tagCode: z.string(),
  sampleId: z.uuid(),
  sampleCode: z.string(),
  sampleName: z.string().nullable(),
  modelName: z.string().nullable(),
  artNumber: z.string().nullable(),
  seasonName: z.string().nullable(),
  sizeName: z.string().nullable(),
  customerName: z.string().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  /** An unlink's reason; null for a link. */
  reason: z.string().nullable(),
});
export type LinkReportEntry = z.infer<typeof linkReportEntry>;

export const linkReportTotals = z.object({
  /** Links (or unlinks) of the filter. */
  events: z.number().int(),
  /** Distinct tags among them. */
  tags: z.number().int(),
  /** Distinct samples among them. */
  samples: z.number().int(),
});
export type LinkReportTotals = z.infer<typeof linkReportTotals>;

export const linkReportResponse = listResponse(linkReportEntry).extend({ totals: linkReportTotals });
export type LinkReportResponse = z.infer<typeof linkReportResponse>;

/** The people who appear in a report: the user filter's choices. */
export const linkReportUser = z.object({ id: z.string(), name: z.string().nullable() });
export type LinkReportUser = z.infer<typeof linkReportUser>;
