import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { LIMITS } from '../limits.js';
import { normalizeTagCode, tagCodeProblem } from '../rfid.js';
import { booleanQuery, codedRule, listResponse, optionalText, pagingQuery, savedRecord, searchText, sortQuery, storableText } from './common.js';
import { tagLastSeen } from './readers.js';

/** A tag is LINKED to a sample, available (UNLINK) or CANCELLED; and locked or not. */
export const TAG_STATES = ['LINKED', 'UNLINK', 'CANCELLED'] as const;
export type TagState = (typeof TAG_STATES)[number];
export const tagState = z.enum(TAG_STATES);

/** The list's usage filter: "in use" = LINKED, "available" = UNLINK. */
export const TAG_USAGES = { 'in-use': 'LINKED', available: 'UNLINK' } as const satisfies Record<string, TagState>;
export type TagUsage = keyof typeof TAG_USAGES;

/**
 * A tag code as typed or scanned: spaces and dashes dropped, upper-cased; blank answers RFID_NOT_BLANK,
 * anything but whole 16-bit words of hexadecimal up to 496 bits TAG_NOT_VALID.
 */
export const tagCodeInput = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? normalizeTagCode(v) : v),
  z
    .string()
    .refine((code) => code.length > 0, { ...codedRule('RFID_NOT_BLANK'), abort: true })
    .refine((code) => tagCodeProblem(code) === undefined, codedRule('TAG_NOT_VALID')),
);

/** The container a tag is on (name, box, cart); each part optional, at most 50 characters. */
export const tagContainer = z.object({ name: optionalText(), box: optionalText(), cart: optionalText() });
export type TagContainer = z.infer<typeof tagContainer>;

/**
 * Registers tags, all or none: one typed, or a pasted or scanned list. The codes are checked one by
 * one by the server so that each wrong one can be named by its index.
 */
export const registerTagsRequest = z.object({
  codes: z.array(storableText()).min(1).max(LIMITS.TAG_REGISTER_MAX),
  container: tagContainer.optional(),
});
export type RegisterTagsRequest = z.infer<typeof registerTagsRequest>;
export const registerTagsResult = z.object({ created: z.number().int() });
export type RegisterTagsResult = z.infer<typeof registerTagsResult>;

/** One refused code of a registration: its place in `codes`, the code as sent, and why. */
export const tagCodeError = z.object({ index: z.number().int(), code: z.string(), error: z.enum(['TAG_NOT_VALID', 'RFID_NOT_BLANK']) });
export type TagCodeError = z.infer<typeof tagCodeError>;

/**
 * What every refused registration names in its details, one entry per code: TAG_NOT_VALID and
 * RFID_NOT_BLANK a tagCodeError, DUPLICATE_RFID `{ code, indexes }`, RFID_EXISTS `{ code, index? }`.
 */
export const refusedTagCode = z.object({ code: z.string() });
export type RefusedTagCode = z.infer<typeof refusedTagCode>;

/**
 * The tag list's columns. The export writes the import's columns first (the code and the container
 * it is on), so that an export can be imported elsewhere; the screen shows the container in one column.
 */
export const RFID_TAG_COLUMNS = defineListColumns({
  code: { label: 'rfid.code', header: { vi: 'Mã RFID', en: 'Code' }, width: 34, sort: true },
  containerName: { header: { vi: 'Container', en: 'Container' }, width: 20 },
  containerBox: { header: { vi: 'Thùng', en: 'Box' }, width: 14 },
  containerCart: { header: { vi: 'Xe đẩy', en: 'Cart' }, width: 14 },
  state: { label: 'rfid.state', header: { vi: 'Trạng thái', en: 'State' }, width: 12, sort: true },
  locked: { header: { vi: 'Khóa', en: 'Locked' }, width: 10 },
  sampleCode: { label: 'samples.code', header: { vi: 'Mã mẫu', en: 'Sample code' }, width: 16 },
  product: { label: 'products.product' },
  container: { label: 'rfid.container' },
  sgtin: { label: 'rfid.sgtin' },
  updatedAt: { label: 'common.updated_at', header: { vi: 'Ngày cập nhật', en: 'Date updated' }, width: 34, dateTime: true, sort: true },
});

/** The filters of the tag list, and of its Excel export. */
export const tagFilter = z.object({
  /** Searches the code, the linked sample's code and the container (name, box, cart), ignoring case and accents. */
  q: searchText.optional(),
  state: tagState.optional(),
  usage: z.enum(Object.keys(TAG_USAGES) as [TagUsage, ...TagUsage[]]).optional(),
  locked: booleanQuery.optional(),
  sort: sortQuery(sortColumnKeys(RFID_TAG_COLUMNS), 'updatedAt:desc'),
});
export type TagFilter = z.infer<typeof tagFilter>;

export const tagListQuery = pagingQuery.extend(tagFilter.shape);
export type TagListQuery = z.infer<typeof tagListQuery>;

export const sgtin96View = z.object({
  filter: z.number().int(),
  partition: z.number().int(),
  companyPrefix: z.string(),
  itemReference: z.string(),
  serial: z.string(),
  uri: z.string(),
});

/** The product a LINKED tag is linked to (then it has no sample): a BOX tag counts as the product's quantity per box. */
export const tagProduct = z.object({ id: z.uuid(), code: z.string(), box: z.boolean() });
export type TagProduct = z.infer<typeof tagProduct>;

export const tagView = z.object({
  code: z.string(),
  state: tagState,
  locked: z.boolean(),
  sampleId: z.uuid().nullable(),
  sampleCode: z.string().nullable(),
  /** Present only on a tag linked to a product. */
  product: tagProduct.optional(),
  container: z.object({ name: z.string().nullable(), box: z.string().nullable(), cart: z.string().nullable() }).nullable(),
  /** The code decoded when it is an SGTIN-96 (header 30). */
  sgtin: sgtin96View.nullable(),
  ...savedRecord,
});
export type TagView = z.infer<typeof tagView>;
export const tagListResponse = listResponse(tagView);
/** One tag as its detail shows it: also where a reader last saw it (null: never seen). */
export const tagDetail = tagView.extend({ lastSeen: tagLastSeen.nullable() });
export type TagDetail = z.infer<typeof tagDetail>;

export const linkTagRequest = z.object({ tagCode: tagCodeInput, sampleId: z.uuid() });
export type LinkTagRequest = z.infer<typeof linkTagRequest>;
export const linkTagResult = z.object({ tagCode: z.string(), sampleId: z.uuid(), sampleCode: z.string() });
export type LinkTagResult = z.infer<typeof linkTagResult>;

/** Links a tag to a product: a UNIT tag is one unit, a BOX tag (`box: true`) a box of its quantity per box. */
export const linkProductTagRequest = z.object({ tagCode: tagCodeInput, productId: z.uuid(), box: z.boolean().default(false) });
export type LinkProductTagRequest = z.infer<typeof linkProductTagRequest>;
export const linkProductTagResult = z.object({ tagCode: z.string(), productId: z.uuid(), productCode: z.string(), box: z.boolean() });
export type LinkProductTagResult = z.infer<typeof linkProductTagResult>;

/** Unlinks 1 to 15 tags at once, with an optional reason of at most 200 characters. */
export const unlinkTagsRequest = z.object({
  tagCodes: z.array(tagCodeInput).min(1).max(LIMITS.UNLINK_MAX),
  reason: optionalText(LIMITS.UNLINK_REASON_MAX),
});
export type UnlinkTagsRequest = z.infer<typeof unlinkTagsRequest>;
export const unlinkTagsResult = z.object({ unlinked: z.number().int() });
export type UnlinkTagsResult = z.infer<typeof unlinkTagsResult>;
