import { CATALOGUE_NAMES, MASTER_DATA_KEYS, type MasterDataKey } from '../catalogue-names.js';
import { lookupQuery, lookupResponse, masterDataLookupPermissions } from '../lookups.js';
import { listResponse } from '../schemas/common.js';
import { importResult } from '../schemas/excel.js';
import { createMasterDataItemRequest, masterDataCatalogue, masterDataFilter, masterDataItem, masterDataListQuery, updateMasterDataItemRequest } from '../schemas/master-data.js';
import { expectedVersionQuery } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access, statusSwitchRoutes } from './api-route.js';

/** The routes of one catalogue at `/master-data/{key}`, with its own permissions. `lookup`, `template` and `export` come before `:id`. */
function masterDataApi(key: MasterDataKey) {
  const can = masterDataCatalogue(key).permissions;
  const what = CATALOGUE_NAMES[key].en.many.toLowerCase();
  const base = `/master-data/${key}`;
  return {
    list: route({ method: 'GET', path: base, access: access.permission(can.list), summary: `List ${what} (paged, filtered, sorted)`, query: masterDataListQuery, response: listResponse(masterDataItem) }),
    lookup: route({
      method: 'GET',
      path: `${base}/lookup`,
      access: access.anyPermission(masterDataLookupPermissions(key)),
      summary: `Choices of ${what} for a form or a filter: searched by code or name, or by ids, by name, paged; readable by every screen that offers them`,
      query: lookupQuery,
      response: lookupResponse,
    }),
    template: route({ method: 'GET', path: `${base}/template`, access: access.permission(can.list), summary: `Excel template to import ${what}: header row in the request's language, a Status drop-down`, file: 'download' }),
    export: route({
      method: 'GET',
      path: `${base}/export`,
      access: access.permission(can.list),
      summary: `Excel export of the ${what} of the list's filter (all pages), formula-looking text escaped`,
      query: masterDataFilter,
      file: 'download',
    }),
    import: route({
      method: 'POST',
      path: `${base}/import`,
      access: access.permission(can.create),
      summary: `Import ${what} from an .xlsx (multipart field "file"): all rows or none; wrong rows answer 400 with details [{ row, column, code, message }]`,
      response: importResult,
      file: 'upload',
    }),
    create: route({ method: 'POST', path: base, access: access.permission(can.create), summary: `Create one of the ${what}`, body: createMasterDataItemRequest(key), response: masterDataItem }),
    detail: route({ method: 'GET', path: `${base}/:id`, access: access.permission(can.detail), summary: `One of the ${what}`, response: masterDataItem }),
    update: route({
      method: 'PUT',
      path: `${base}/:id`,
      access: access.permission(can.update),
      summary: `Update one of the ${what}; \`expectedVersion\` refuses the change if someone changed it meanwhile`,
      body: updateMasterDataItemRequest(key),
      query: expectedVersionQuery,
      response: masterDataItem,
    }),
    ...statusSwitchRoutes(`${base}/:id`, can.update, masterDataItem, {
      deactivate: `Deactivate one of the ${what} (status INACTIVE); repeating it changes nothing`,
      activate: `Activate one of the ${what} (status ACTIVE); repeating it changes nothing`,
    }),
  } as const;
}

/** Each master-data catalogue's routes, by its key. */
export const MASTER_DATA_API = Object.fromEntries(MASTER_DATA_KEYS.map((key) => [key, masterDataApi(key)])) as { [K in MasterDataKey]: ReturnType<typeof masterDataApi> };
