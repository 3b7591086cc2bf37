import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { MASTER_DATA_KEYS, type MasterDataKey } from '../catalogue-names.js';
import { LIMITS } from '../limits.js';
import { TEXT_PATTERNS } from '../text-patterns.js';
import type { PermissionCode } from '../permissions.js';
import { activeStatus, oneLineText, pagingQuery, savedRecord, searchText, sortQuery, storableText } from './common.js';

export const masterDataKey = z.enum(MASTER_DATA_KEYS);

type MasterDataResource = 'SESSION' | 'STAGE' | 'SIZE' | 'ZONE' | 'CATEGORY' | 'CUSTOMER' | 'TYPE' | 'GENDER';

export interface MasterDataCatalogue {
  /** API path segment: `/api/master-data/{key}`. */
  key: MasterDataKey;
  /** Permission resource under MASTER_DATA (the season's resource is named SESSION: MASTER_DATA_SESSION_LIST...). */
  resource: MasterDataResource;
  /** The screen's route segment, `/master-data/{route}` (season-no, stage-no, size, zone, category, customer, type, gender). */
  route: string;
  /** The screen's full route, `/master-data/{route}`. */
  path: string;
  /** The code is a zone id: 2–100 uppercase letters and digits, and a duplicate is ZONE_ID_EXISTS (else ID_EXISTS). */
  zoneCode: boolean;
  /** The permission of each action: list (also export and template), detail, create (also import), update (also activate and deactivate). */
  permissions: { list: PermissionCode; detail: PermissionCode; create: PermissionCode; update: PermissionCode };
}

function catalogue(key: MasterDataKey, resource: MasterDataResource, route: string): MasterDataCatalogue {
  const code = (action: 'LIST' | 'DETAIL' | 'CREATE' | 'UPDATE') => `MASTER_DATA_${resource}_${action}` as PermissionCode;
  return {
    key,
    resource,
    route,
    path: `/master-data/${route}`,
    zoneCode: key === 'zones',
    permissions: { list: code('LIST'), detail: code('DETAIL'), create: code('CREATE'), update: code('UPDATE') },
  };
}

/** One list for the API, the menu and the screens, in the order of their routes (the sidebar has its own order). */
export const MASTER_DATA_CATALOGUES: readonly MasterDataCatalogue[] = [
  catalogue('seasons', 'SESSION', 'season-no'),
  catalogue('stages', 'STAGE', 'stage-no'),
  catalogue('sizes', 'SIZE', 'size'),
  catalogue('zones', 'ZONE', 'zone'),
  catalogue('categories', 'CATEGORY', 'category'),
  catalogue('customers', 'CUSTOMER', 'customer'),
  catalogue('types', 'TYPE', 'type'),
  catalogue('genders', 'GENDER', 'gender'),
];

export function masterDataCatalogue(key: MasterDataKey): MasterDataCatalogue {
  return MASTER_DATA_CATALOGUES.find((c) => c.key === key)!;
}

/** A zone id is 2–100 uppercase letters and digits, surrounding spaces trimmed. */
export const zoneIdCode = z
  .string()
  .trim()
  .min(LIMITS.ZONE_ID_MIN)
  .max(LIMITS.ZONE_ID_MAX)
  .regex(TEXT_PATTERNS.UPPER_CASE_AND_DIGITS, { message: 'uppercase letters and digits only' });

/** The code of the other catalogues: letters, digits, '.', '_' and '-', at most the general text length. */
export const masterDataCode = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.TEXT_MAX)
  .regex(TEXT_PATTERNS.CODE, { message: 'letters, digits and . _ - only' });

export const masterDataName = oneLineText().trim().min(1).max(LIMITS.TEXT_MAX);
export const masterDataDescription = storableText().trim().max(LIMITS.TEXT_MAX).nullish();

function codeOf(key: MasterDataKey) {
  return key === 'zones' ? zoneIdCode : masterDataCode;
}

/** Create: status defaults to ACTIVE; an empty description is none. */
export function createMasterDataItemRequest(key: MasterDataKey) {
  return z.object({ code: codeOf(key), name: masterDataName, description: masterDataDescription, status: activeStatus.default('ACTIVE') });
}
export type CreateMasterDataItemRequest = z.infer<ReturnType<typeof createMasterDataItemRequest>>;

/** Update replaces code, name and description (an absent description clears it); an absent status stays as it is. */
export function updateMasterDataItemRequest(key: MasterDataKey) {
  return z.object({ code: codeOf(key), name: masterDataName, description: masterDataDescription, status: activeStatus.optional() });
}
export type UpdateMasterDataItemRequest = z.infer<ReturnType<typeof updateMasterDataItemRequest>>;

/** A catalogue's list and its files (template, import, export): its form's fields, then when it last changed. */
export const MASTER_DATA_COLUMNS = defineListColumns({
  code: { label: 'master_data.code', header: { vi: 'Mã', en: 'Code' }, width: 20, sort: true },
  name: { label: 'master_data.name', header: { vi: 'Tên', en: 'Name' }, width: 32, sort: true },
  description: { label: 'master_data.description', header: { vi: 'Mô tả', en: 'Description' }, width: 40 },
  status: { label: 'master_data.status', header: { vi: 'Trạng thái', en: 'Status' }, width: 14, sort: true },
  createdAt: { sort: true },
  updatedAt: { label: 'common.updated_at', sort: true },
});
/** The zone catalogue calls its code the zone's ID, on the screen and in its files. */
export const ZONE_CODE_COLUMN = { label: 'master_data.zone_id', header: { vi: 'Mã khu vực', en: 'Zone ID' }, width: 24 } as const;

/** The filters of a catalogue's list, and of its Excel export (which ignores the paging). */
export const masterDataFilter = z.object({
  /** Searches the code, name and description, ignoring case and accents. */
  q: searchText.optional(),
  status: activeStatus.optional(),
  sort: sortQuery(sortColumnKeys(MASTER_DATA_COLUMNS), 'name:asc'),
});
export type MasterDataFilter = z.infer<typeof masterDataFilter>;

export const masterDataListQuery = pagingQuery.extend(masterDataFilter.shape);
export type MasterDataListQuery = z.infer<typeof masterDataListQuery>;

export const masterDataItem = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: activeStatus,
  ...savedRecord,
});
export type MasterDataItem = z.infer<typeof masterDataItem>;
