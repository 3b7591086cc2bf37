/*
 * The samples module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { SampleFieldValues } from '@rfid/contracts';

/** What a sample is: the values of its fields (SAMPLE_FIELDS), references to master data by id. */
export type SampleFields = SampleFieldValues;

/** Registration and update carry every field, so a read model or a report never needs the stream's history. */
export type SampleEvent =
  | { type: 'SampleRegistered'; data: { sampleId: string } & SampleFields }
  | { type: 'SampleUpdated'; data: { sampleId: string } & SampleFields }
  | { type: 'SampleDeleted'; data: { sampleId: string; sampleCode: string } };
