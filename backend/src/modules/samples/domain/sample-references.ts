import type { ErrorCode, MasterDataKey } from '@rfid/contracts';
import type { SampleFields } from './sample.js';

export type SampleReferenceField = 'seasonId' | 'stageId' | 'typeId' | 'sizeId' | 'genderId' | 'categoryId' | 'customerId' | 'currentZoneId';

/** A sample's reference to a master-data catalogue, and the error code of each of its rules: left blank, naming no item, naming an inactive item. */
export interface SampleReference {
  field: SampleReferenceField;
  catalogue: MasterDataKey;
  /** Only the references a sample must have (season, size, category, customer) have a blank code; model, name and art number are checked as texts. */
  blank?: ErrorCode;
  notFound: ErrorCode;
  inactive: ErrorCode;
}

export const SAMPLE_REFERENCES: readonly SampleReference[] = [
  { field: 'seasonId', catalogue: 'seasons', blank: 'SEASON_MUST_BE_NOT_BLANK', notFound: 'SEASON_NOT_FOUND', inactive: 'SEASON_NOT_FOUND_OR_INACTIVE' },
  { field: 'stageId', catalogue: 'stages', notFound: 'STAGE_NOT_FOUND', inactive: 'STAGE_NOT_FOUND_OR_INACTIVE' },
  { field: 'typeId', catalogue: 'types', notFound: 'TYPE_NOT_FOUND', inactive: 'TYPE_NOT_FOUND_OR_INACTIVE' },
  { field: 'sizeId', catalogue: 'sizes', blank: 'SIZE_MUST_BE_NOT_BLANK', notFound: 'SIZE_NOT_FOUND', inactive: 'SIZE_NOT_FOUND_OR_INACTIVE' },
  { field: 'genderId', catalogue: 'genders', notFound: 'GENDER_NOT_FOUND', inactive: 'GENDER_NOT_FOUND_OR_INACTIVE' },
  { field: 'categoryId', catalogue: 'categories', blank: 'CATEGORY_MUST_BE_NOT_BLANK', notFound: 'CATEGORY_NOT_FOUND', inactive: 'CATEGORY_NOT_FOUND_OR_INACTIVE' },
  { field: 'customerId', catalogue: 'customers', blank: 'CUSTOMER_MUST_BE_NOT_BLANK', notFound: 'CUSTOMER_NOT_FOUND', inactive: 'CUSTOMER_NOT_FOUND_OR_INACTIVE' },
  { field: 'currentZoneId', catalogue: 'zones', notFound: 'ZONE_NOT_FOUND', inactive: 'ZONE_NOT_FOUND_OR_INACTIVE' },
];

/** A master-data item as a reference check sees it. */
export interface ReferencedItem {
  id: string;
  catalogue: string;
  status: 'ACTIVE' | 'INACTIVE';
}

export interface ReferenceProblem {
  field: SampleReferenceField;
  code: ErrorCode;
}

/**
 * The broken reference rules of a sample's fields, given the items its ids name: an id that names no
 * item of the right catalogue is *_NOT_FOUND, an inactive item *_NOT_FOUND_OR_INACTIVE. A reference an
 * update leaves as it was (`previous`) may stay on an item deactivated since: editing the colour of
 * an old sample must not need its old season reactivated.
 */
export function referenceProblems(fields: SampleFields, items: ReadonlyMap<string, ReferencedItem>, previous?: SampleFields | null): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  for (const ref of SAMPLE_REFERENCES) {
    const id = fields[ref.field];
    if (id === null) continue;
    const item = items.get(id);
    if (!item || item.catalogue !== ref.catalogue) problems.push({ field: ref.field, code: ref.notFound });
    else if (item.status !== 'ACTIVE' && previous?.[ref.field] !== id) problems.push({ field: ref.field, code: ref.inactive });
  }
  return problems;
}
