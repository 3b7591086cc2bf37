import type { MasterDataKey } from '@rfid/contracts';

/** The API's look-up routes (contracts' lookups.ts says who may read each): the choices of forms and filters, a scanned tag. */
export const LOOKUPS = {
  masterData: (key: MasterDataKey) => `/master-data/${key}/lookup`,
  userGroups: '/user-groups/lookup',
  samples: '/samples/lookup',
  users: '/users/lookup',
  readers: '/readers/lookup',
  tag: (code: string) => `/rfid-tags/lookup/${encodeURIComponent(code)}`,
} as const;
