import { referenceFields, SAMPLE_FIELDS } from '@rfid/contracts';
import {
  referenceProblems as entityReferenceProblems,
  type ReferencedItem,
  type ReferenceIds,
  type ReferenceProblem,
} from '../../../platform/entity-fields/references.js';

export type { ReferencedItem } from '../../../platform/entity-fields/references.js';

/** A sample's references to master data (`field`), with their catalogues and error codes: the reference rows of SAMPLE_FIELDS. */
export const SAMPLE_REFERENCES = referenceFields(SAMPLE_FIELDS).map((r) => ({ ...r, field: r.key }));
export type SampleReferenceField = (typeof SAMPLE_REFERENCES)[number]['field'];

/**
 * The broken reference rules of a sample's fields, given the items its ids name: an id that names no
 * item of the right catalogue is *_NOT_FOUND, an inactive item *_NOT_FOUND_OR_INACTIVE, unless an
 * update leaves the reference as it was (`previous`).
 */
export function referenceProblems(
  fields: ReferenceIds<typeof SAMPLE_FIELDS>,
  items: ReadonlyMap<string, ReferencedItem>,
  previous?: ReferenceIds<typeof SAMPLE_FIELDS> | null,
): ReferenceProblem<SampleReferenceField>[] {
  return entityReferenceProblems(SAMPLE_FIELDS, fields, items, previous);
}
