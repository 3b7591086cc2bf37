import { API, apiPath, type LookupItem, type MasterDataKey, type SampleLookupItem } from '@rfid/contracts';
import { withQuery } from '../../api/client';

/** The API's look-up routes (contracts' lookups.ts says who may read each): the choices of forms and filters, a scanned tag. */
export const LOOKUPS = {
  masterData: (key: MasterDataKey) => API.masterData[key].lookup.path,
  userGroups: API.userGroups.lookup.path,
  samples: API.samples.lookup.path,
  users: API.users.lookup.path,
  readers: API.readers.lookup.path,
  /** The gates: the readers' look-up asked for the readers of kind GATE. */
  gates: withQuery(API.readers.lookup.path, { kind: 'GATE' }),
  /** The handhelds: the readers' look-up asked for the readers of kind HANDHELD (a stocktaking's). */
  handhelds: withQuery(API.readers.lookup.path, { kind: 'HANDHELD' }),
  tag: (code: string) => apiPath(API.rfidTags.lookup, { code }),
} as const;

/** A sample of the samples' look-up as a choice: its name and code (a sample in the look-up is in use). */
export const sampleChoice = (s: SampleLookupItem): LookupItem => ({ id: s.id, code: s.sampleCode, name: s.name, active: true });
