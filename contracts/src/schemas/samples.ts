import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { importResult } from './excel.js';
import { booleanQuery, codedRule, listResponse, notBlankText, optionalReference, optionalText, pagingQuery, requiredReference, searchText, sortQuery } from './common.js';

/** A sample is worn on the LEFT or the RIGHT (or is not sided). */
export const SAMPLE_SIDES = ['LEFT', 'RIGHT'] as const;
export type SampleSide = (typeof SAMPLE_SIDES)[number];
export const sampleSide = z.enum(SAMPLE_SIDES);

/** A side: LEFT or RIGHT in any case, blank is none, anything else SIDE_NOT_FOUND. */
export const sampleSideInput = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string()
    .refine((s) => (SAMPLE_SIDES as readonly string[]).includes(s), codedRule('SIDE_NOT_FOUND'))
    .transform((s) => s as SampleSide)
    .nullable(),
);

/**
 * A sample code given by the user (else the system makes one: 'SP' and six digits): letters, digits
 * and . _ -, stored upper-case.
 */
export const sampleCode = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.TEXT_MAX)
  .regex(/^[A-Za-z0-9._-]+$/, { message: 'letters, digits and . _ - only' })
  .transform((s) => s.toUpperCase());

/** Absent or blank: the system makes the code. */
export const optionalSampleCode = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  sampleCode.nullable(),
);

/**
 * The fields of a sample's form: model, name, art number, season, size, category and
 * customer must not be blank (each with its *_MUST_BE_NOT_BLANK code); a reference that is not an id
 * names nothing (*_NOT_FOUND); texts at most 50 characters.
 */
const sampleFields = {
  name: notBlankText('NAME_MUST_BE_NOT_BLANK'),
  modelName: notBlankText('MODEL_MUST_BE_NOT_BLANK'),
  artNumber: notBlankText('ART_MUST_BE_NOT_BLANK'),
  seasonId: requiredReference('SEASON_MUST_BE_NOT_BLANK', 'SEASON_NOT_FOUND'),
  stageId: optionalReference('STAGE_NOT_FOUND'),
  typeId: optionalReference('TYPE_NOT_FOUND'),
  sizeId: requiredReference('SIZE_MUST_BE_NOT_BLANK', 'SIZE_NOT_FOUND'),
  genderId: optionalReference('GENDER_NOT_FOUND'),
  side: sampleSideInput,
  color: optionalText(),
  categoryId: requiredReference('CATEGORY_MUST_BE_NOT_BLANK', 'CATEGORY_NOT_FOUND'),
  customerId: requiredReference('CUSTOMER_MUST_BE_NOT_BLANK', 'CUSTOMER_NOT_FOUND'),
  currentZoneId: optionalReference('ZONE_NOT_FOUND'),
};

/** Create: `sampleCode` when the user has one, else the system makes it. */
export const createSampleRequest = z.object({ sampleCode: optionalSampleCode, ...sampleFields });
export type CreateSampleRequest = z.infer<typeof createSampleRequest>;

/** Update replaces every field (an absent optional one is cleared); an absent `sampleCode` keeps the code. */
export const updateSampleRequest = z.object({ sampleCode: optionalSampleCode, ...sampleFields });
export type UpdateSampleRequest = z.infer<typeof updateSampleRequest>;

export const SAMPLE_SORT_FIELDS = ['sampleCode', 'name', 'modelName', 'artNumber', 'usageCount', 'createdAt', 'updatedAt'] as const;

/** The filters of the sample list, and of its Excel export (which ignores the paging). */
export const sampleFilter = z.object({
  q: searchText.optional(),
  seasonId: z.uuid().optional(),
  stageId: z.uuid().optional(),
  typeId: z.uuid().optional(),
  sizeId: z.uuid().optional(),
  genderId: z.uuid().optional(),
  side: sampleSide.optional(),
  categoryId: z.uuid().optional(),
  customerId: z.uuid().optional(),
  zoneId: z.uuid().optional(),
  /** true: samples with a tag; false: without. */
  linked: booleanQuery.optional(),
  sort: sortQuery(SAMPLE_SORT_FIELDS, 'updatedAt:desc'),
});
export type SampleFilter = z.infer<typeof sampleFilter>;

export const sampleListQuery = pagingQuery.extend(sampleFilter.shape);
export type SampleListQuery = z.infer<typeof sampleListQuery>;

/** A sample as the list and the detail answer it, with the names of the master data it references. */
export const sampleView = z.object({
  id: z.uuid(),
  sampleCode: z.string(),
  name: z.string(),
  modelName: z.string(),
  artNumber: z.string(),
  seasonId: z.uuid(),
  seasonName: z.string().nullable(),
  stageId: z.uuid().nullable(),
  stageName: z.string().nullable(),
  typeId: z.uuid().nullable(),
  typeName: z.string().nullable(),
  sizeId: z.uuid(),
  sizeName: z.string().nullable(),
  genderId: z.uuid().nullable(),
  genderName: z.string().nullable(),
  side: sampleSide.nullable(),
  color: z.string().nullable(),
  categoryId: z.uuid(),
  categoryName: z.string().nullable(),
  customerId: z.uuid(),
  customerName: z.string().nullable(),
  currentZoneId: z.uuid().nullable(),
  zoneName: z.string().nullable(),
  currentTagCode: z.string().nullable(),
  usageCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SampleView = z.infer<typeof sampleView>;

/** One entry of a sample's timeline: its own events and the links and unlinks of tags to it. */
export const sampleHistoryEntry = z.object({
  /** The event's global position. */
  id: z.number().int(),
  recordedAt: z.string(),
  /** The event type: SampleRegistered, SampleUpdated, TagLinked, TagUnlinked ... */
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), kind: z.string() }),
  summary: z.string(),
  data: z.unknown(),
});
export type SampleHistoryEntry = z.infer<typeof sampleHistoryEntry>;

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
