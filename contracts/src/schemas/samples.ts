import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { catalogueItemName } from '../catalogue-names.js';
import { LIMITS } from '../limits.js';
import { importResult } from './excel.js';
import { catalogueReference, defineEntityFields, madeCode, fieldInputRule, fieldKeys, filterShape, requestShape, sortableKeys, viewShape, type EntityValues } from '../entity-fields.js';
import { booleanQuery, idList, listResponse, pagingQuery, savedRecord, searchText, sortQuery } from './common.js';
import { tagLastSeen } from './readers.js';

/** A sample is worn on the LEFT or the RIGHT (or is not sided). */
export const SAMPLE_SIDES = ['LEFT', 'RIGHT'] as const;
export type SampleSide = (typeof SAMPLE_SIDES)[number];
export const sampleSide = z.enum(SAMPLE_SIDES);

/** Master data is named in an Excel cell by its name or its code; its column is headed with its catalogue's item name. */
const REFERENCE_COLUMN_WIDTH = 22;

/**
 * A sample's fields, in the order of its form and its Excel sheet: what each is, its rule and error
 * codes, its label, its Excel column, and whether the list shows, sorts, filters or searches by it.
 * Model, name, art number, season, size, category and customer must not be blank; texts are at most
 * 50 characters.
 */
export const SAMPLE_FIELDS = defineEntityFields({
  sampleCode: madeCode({ label: 'samples.code', form: false, excel: { header: { vi: 'Mã mẫu', en: 'Sample code' }, width: 16 } }),
  name: {
    kind: 'text',
    max: LIMITS.TEXT_MAX,
    blank: 'NAME_MUST_BE_NOT_BLANK',
    label: 'samples.name',
    search: true,
    column: 'sortable',
    excel: { header: { vi: 'Tên mẫu', en: 'Name' }, width: 28 },
  },
  modelName: {
    kind: 'text',
    max: LIMITS.TEXT_MAX,
    blank: 'MODEL_MUST_BE_NOT_BLANK',
    label: 'samples.model',
    search: true,
    column: 'sortable',
    excel: { header: { vi: 'Tên model', en: 'Model name' }, width: 24 },
  },
  artNumber: {
    kind: 'text',
    max: LIMITS.TEXT_MAX,
    blank: 'ART_MUST_BE_NOT_BLANK',
    label: 'samples.art',
    search: true,
    column: 'sortable',
    excel: { header: { vi: 'Mã art', en: 'Art number' }, width: 16 },
  },
  seasonId: catalogueReference('seasons', { name: 'seasonName', required: true, column: true, filter: {}, excel: { header: catalogueItemName('seasons'), width: REFERENCE_COLUMN_WIDTH } }),
  stageId: catalogueReference('stages', { name: 'stageName', filter: {}, excel: { header: catalogueItemName('stages'), width: REFERENCE_COLUMN_WIDTH } }),
  typeId: catalogueReference('types', { name: 'typeName', filter: {}, excel: { header: catalogueItemName('types'), width: REFERENCE_COLUMN_WIDTH } }),
  sizeId: catalogueReference('sizes', { name: 'sizeName', required: true, column: true, filter: {}, excel: { header: catalogueItemName('sizes'), width: REFERENCE_COLUMN_WIDTH } }),
  genderId: catalogueReference('genders', { name: 'genderName', filter: {}, excel: { header: catalogueItemName('genders'), width: REFERENCE_COLUMN_WIDTH } }),
  side: {
    kind: 'enum',
    values: SAMPLE_SIDES,
    notFound: 'SIDE_NOT_FOUND',
    label: 'samples.side',
    filter: {},
    excel: { header: { vi: 'Bên', en: 'Side' }, width: 10 },
  },
  color: {
    kind: 'text',
    max: LIMITS.TEXT_MAX,
    label: 'samples.color',
    search: true,
    excel: { header: { vi: 'Màu', en: 'Color' }, width: 16 },
  },
  categoryId: catalogueReference('categories', { name: 'categoryName', required: true, column: true, filter: {}, excel: { header: catalogueItemName('categories'), width: REFERENCE_COLUMN_WIDTH, formerHeaders: ['Danh mục'] } }),
  customerId: catalogueReference('customers', { name: 'customerName', required: true, column: true, filter: {}, excel: { header: catalogueItemName('customers'), width: REFERENCE_COLUMN_WIDTH, formerHeaders: ['Khách hàng', 'Customer'] } }),
  currentZoneId: catalogueReference('zones', { name: 'zoneName', filter: { param: 'zoneId' }, excel: { header: catalogueItemName('zones'), width: REFERENCE_COLUMN_WIDTH, formerHeaders: ['Khu vực', 'Zone'] } }),
});
export type SampleFieldKey = keyof typeof SAMPLE_FIELDS;
/** What a sample is: the values of its fields, master data by id. */
export type SampleFieldValues = EntityValues<typeof SAMPLE_FIELDS>;
export const SAMPLE_FIELD_KEYS = fieldKeys(SAMPLE_FIELDS);

/** A side: LEFT or RIGHT in any case, blank is none, anything else SIDE_NOT_FOUND. */
export const sampleSideInput = fieldInputRule(SAMPLE_FIELDS.side);

/** Absent or blank: the system makes the code ('SP' and six digits); else letters, digits and . _ -, stored upper-case. */
export const optionalSampleCode = fieldInputRule(SAMPLE_FIELDS.sampleCode);

/** Create: every field's rule; `sampleCode` when the user has one, else the system makes it. */
export const createSampleRequest = z.object(requestShape(SAMPLE_FIELDS));
export type CreateSampleRequest = z.infer<typeof createSampleRequest>;

/** Update replaces every field (an absent optional one is cleared); an absent `sampleCode` keeps the code. */
export const updateSampleRequest = z.object(requestShape(SAMPLE_FIELDS));
export type UpdateSampleRequest = z.infer<typeof updateSampleRequest>;

/** The list sorts by the sortable fields and by what the system keeps: usage count, dates created and updated. */
/** The sample list's columns beyond its fields (SAMPLE_FIELDS): what the system keeps of a sample. */
export const SAMPLE_SYSTEM_COLUMNS = defineListColumns({
  currentTagCode: { label: 'samples.tag', header: { vi: 'Thẻ RFID', en: 'RFID tag' }, width: 28 },
  usageCount: { label: 'samples.usage', header: { vi: 'Số lần sử dụng', en: 'Usage count' }, width: 14, sort: true },
  createdAt: { sort: true },
  updatedAt: { label: 'common.updated_at', header: { vi: 'Ngày cập nhật', en: 'Date updated' }, width: 34, dateTime: true, sort: true },
});
export const SAMPLE_SORT_FIELDS = [...sortableKeys(SAMPLE_FIELDS), ...sortColumnKeys(SAMPLE_SYSTEM_COLUMNS)] as const;
export type SampleSortField = (typeof SAMPLE_SORT_FIELDS)[number];

/** The filters of the sample list, and of its Excel export (which ignores the paging). */
export const sampleFilter = z.object({
  /** Searches the fields marked `search` (code, name, model, art number, colour), ignoring case and accents. */
  q: searchText.optional(),
  ...filterShape(SAMPLE_FIELDS),
  /** true: samples with a tag; false: without. */
  linked: booleanQuery.optional(),
  /** true: samples a stocktake marked missing (not seen since); false: the others. */
  missing: booleanQuery.optional(),
  /** These samples only (the rows selected on a page: an export of the selection). */
  ids: idList.optional(),
  sort: sortQuery(SAMPLE_SORT_FIELDS as readonly SampleSortField[] as [SampleSortField, ...SampleSortField[]], 'updatedAt:desc'),
});
export type SampleFilter = z.infer<typeof sampleFilter>;

export const sampleListQuery = pagingQuery.extend(sampleFilter.shape);
export type SampleListQuery = z.infer<typeof sampleListQuery>;

/**
 * A sample as the list and the detail answer it: its fields, each reference followed by the name of
 * its item (seasonId, seasonName), then what the system keeps.
 */
export const sampleView = z.object({
  id: z.uuid(),
  ...viewShape(SAMPLE_FIELDS),
  currentTagCode: z.string().nullable(),
  usageCount: z.number().int(),
  /** When a stocktake marked it missing (ISO); null while it is not, or since a reader saw it again. */
  missingSince: z.string().nullable(),
  ...savedRecord,
});
export type SampleView = z.infer<typeof sampleView>;
/** A sample as its page shows it: also where a reader last saw its current tag (null: no tag, or never seen). */
/**
 * Where a sample is now: in the sample room (in its zone, or the zone a ticket brought it back to), or
 * out on the ticket that lent it since then, made by whom (and with that ticket's note).
 */
export const samplePlace = z.object({
  state: z.enum(['IN', 'OUT']),
  zoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  ticketId: z.uuid().nullable(),
  ticketCode: z.string().nullable(),
  since: z.string().nullable(),
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type SamplePlace = z.infer<typeof samplePlace>;

export const sampleDetail = sampleView.extend({
  currentTagLastSeen: tagLastSeen.nullable(),
  place: samplePlace,
  /** What its usage count adds up: tags linked to it, and loans on export tickets closed (not taken back). */
  usage: z.object({ links: z.number().int(), loans: z.number().int() }),
});
export type SampleDetail = z.infer<typeof sampleDetail>;

/** Who did what a timeline entry tells: a user, or the system (an MQTT reader, a processor). */
export const timelineActor = z.object({ id: z.string().nullable(), name: z.string().nullable(), kind: z.string() });

const timelineEntry = {
  /** The event's global position: unique, and increasing with time. */
  id: z.number().int(),
  recordedAt: z.string(),
  actor: timelineActor,
};

/**
 * One field an update changed. `from` and `to` are what a person reads: a text as stored, a
 * reference's item name (its id if the item is gone), an enum's value (labelled by the translation key
 * `${label}_${value}`); null is blank.
 */
export const sampleFieldChange = z.object({
  field: z.enum(SAMPLE_FIELD_KEYS as [SampleFieldKey, ...SampleFieldKey[]]),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type SampleFieldChange = z.infer<typeof sampleFieldChange>;

/**
 * One entry of a sample's timeline: registered, updated (the fields it changed, in the form's order),
 * a tag linked to it, a tag unlinked from it (with the reason typed, if any). `action` is the event's
 * type. A deleted sample has no timeline to show (its page answers 404).
 */
export const sampleTimelineEntry = z.discriminatedUnion('action', [
  z.object({ action: z.literal('SampleRegistered'), ...timelineEntry }),
  z.object({ action: z.literal('SampleUpdated'), ...timelineEntry, changes: z.array(sampleFieldChange) }),
  z.object({ action: z.literal('TagLinked'), ...timelineEntry, tagCode: z.string() }),
  z.object({ action: z.literal('TagUnlinked'), ...timelineEntry, tagCode: z.string(), reason: z.string().nullable() }),
  /** A ticket closed that moved it: lent out (OUT) or brought back (IN); rolled back, that move undone. */
  z.object({
    action: z.enum(['TicketClosed', 'TicketRolledBack']),
    ...timelineEntry,
    ticketId: z.uuid(),
    ticketCode: z.string(),
    direction: z.enum(['IMPORT', 'EXPORT']),
    moved: z.enum(['OUT', 'IN']),
  }),
  /** A gate it passed, which way, and what the gate decided (the permit that let it out). */
  z.object({ action: z.literal('GatePassDecided'), ...timelineEntry, gateCode: z.string(), passDirection: z.string(), decision: z.string(), permitCode: z.string().nullable() }),
  /** A stocktake closed that expected it or found it: found, found in another zone (moved), or missing. */
  z.object({ action: z.literal('StocktakeClosed'), ...timelineEntry, stocktakeId: z.uuid(), stocktakeCode: z.string(), result: z.enum(['FOUND', 'MOVED', 'MISSING']) }),
]);
export type SampleTimelineEntry = z.infer<typeof sampleTimelineEntry>;

/** A sample's timeline, newest first. */
export const sampleTimeline = z.array(sampleTimelineEntry);

export const sampleImportQuery = z.object({
  /** After the user confirmed: keep the first row of each sample code repeated in the file, drop the others. */
  removeDuplicates: booleanQuery.optional(),
});
export type SampleImportQuery = z.infer<typeof sampleImportQuery>;

/** A sample code that appears on several rows of an imported file (the details of SAMPLE_EXISTS_IN_FILE). */
export const duplicateSampleCode = z.object({ sampleCode: z.string(), rows: z.array(z.number().int()) });
export type DuplicateSampleCode = z.infer<typeof duplicateSampleCode>;

/** What an import created; with removeDuplicates, the repeated codes and the rows that were left out. */
export const sampleImportResult = importResult.extend({
  duplicates: z.array(duplicateSampleCode),
  removedRows: z.array(z.number().int()),
});
export type SampleImportResult = z.infer<typeof sampleImportResult>;

export const sampleListResponse = listResponse(sampleView);
