import type { LookupItem, MasterDataKey, SampleLookupItem } from '@rfid/contracts';

/** The API's look-up routes (contracts' lookups.ts says who may read each): the choices of forms and filters, a scanned tag. */
export const LOOKUPS = {
  masterData: (key: MasterDataKey) => `/master-data/${key}/lookup`,
  userGroups: '/user-groups/lookup',
  samples: '/samples/lookup',
  users: '/users/lookup',
  readers: '/readers/lookup',
  /** The gates: the readers' look-up asked for the readers of kind GATE. */
  gates: '/readers/lookup?kind=GATE',
  /** The handhelds: the readers' look-up asked for the readers of kind HANDHELD (a stocktaking's). */
  handhelds: '/readers/lookup?kind=HANDHELD',
  tag: (code: string) => `/rfid-tags/lookup/${encodeURIComponent(code)}`,
} as const;

/** A sample of the samples' look-up as a choice: its name and code (a sample in the look-up is in use). */
export const sampleChoice = (s: SampleLookupItem): LookupItem => ({ id: s.id, code: s.sampleCode, name: s.name, active: true });
