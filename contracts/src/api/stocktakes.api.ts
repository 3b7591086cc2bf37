import { z } from 'zod';
import { P } from '../permissions.js';
import { closeStocktakeRequest, createStocktakeRequest, ignoreLineRequest, stocktakeDetail, stocktakeLineFilter, stocktakeLineQuery, stocktakeLineResponse, stocktakeListQuery, stocktakeListResponse, stocktakeScansRequest, stocktakeScansResponse, updateStocktakeRequest } from '../schemas/stocktakes.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

const lineIdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Stocktaking: expected against found, counted by handhelds and uploads, closed with corrections. */
export const STOCKTAKES_API = {
  list: route({
    method: 'GET',
    path: '/stocktakes',
    access: access.anyPermission([P.STOCKTAKE_STOCKTAKING_LIST, P.STOCKTAKE_STOCKTAKING_SEARCH]),
    summary: 'List stocktakes (filters q over code and name, status, zone, from/to: created within)',
    query: stocktakeListQuery,
    response: stocktakeListResponse,
  }),
  detail: route({
    method: 'GET',
    path: '/stocktakes/:id',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_DETAIL),
    summary: 'One stocktake: zones, readers, users, totals, corrections once closed, and what the caller may do now',
    response: stocktakeDetail,
  }),
  create: route({
    method: 'POST',
    path: '/stocktakes',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_CREATE),
    summary: 'Create a stocktake (CREATE) with the expected list: every sample and product stock in its zones now (nothing there: NO_DATA); its code (ST and six digits) is made by the system',
    body: createStocktakeRequest,
    response: stocktakeDetail,
  }),
  update: route({
    method: 'PUT',
    path: '/stocktakes/:id',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_UPDATE),
    summary: 'Change the name, note, readers and users of a CREATE stocktake (in progress: STOCKTAKE_IN_PROGRESS; closed: CANNOT_UPDATE_COMPLETED_INVENTORY); `version` is the one the form was opened on (another: CONCURRENCY_CONFLICT)',
    body: updateStocktakeRequest,
    response: stocktakeDetail,
  }),
  start: route({
    method: 'POST',
    path: '/stocktakes/:id/start',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_UPDATE),
    summary: 'Start counting (CREATE → INVENTORIZING): its readers are put into COUNTING mode and started (one that fails is logged; uploads count all the same); a reader counting for another stocktake: READER_BUSY',
    response: stocktakeDetail,
    status: 200,
  }),
  reset: route({
    method: 'POST',
    path: '/stocktakes/:id/reset',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_UPDATE),
    summary: 'Reset (INVENTORIZING → CREATE): every scan discarded, ignored lines too; its readers stop',
    response: stocktakeDetail,
    status: 200,
  }),
  close: route({
    method: 'POST',
    path: '/stocktakes/:id/close',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_UPDATE),
    summary: 'Close (INVENTORIZING → CLOSED) with the corrections chosen: found samples of other zones moved here, missing samples marked, product stock adjusted; abnormal lines raise the STOCKTAKE_ABNORMAL alert',
    body: closeStocktakeRequest,
    response: stocktakeDetail,
    status: 200,
  }),
  lines: route({
    method: 'GET',
    path: '/stocktakes/:id/lines',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_DETAIL),
    summary: 'The result lines (ALL, ABNORMAL, IGNORE; found or missing; q over code, name and tag) with the totals',
    query: stocktakeLineQuery,
    response: stocktakeLineResponse,
  }),
  ignore: route({
    method: 'POST',
    path: '/stocktakes/:id/lines/:lineId/ignore',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_UPDATE),
    summary: 'Ignore an ABNORMAL or MISSING line with a note (not once closed)',
    body: ignoreLineRequest,
    response: stocktakeDetail,
    params: { lineId: lineIdParam },
    status: 200,
  }),
  scans: route({
    method: 'POST',
    path: '/stocktakes/:id/scans',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_UPDATE),
    summary: 'Count uploaded EPCs (a handheld that syncs later) as a reader’s reads, in `zoneId` (default the first zone); only while INVENTORIZING (else STOCKTAKE_NOT_COUNTING)',
    body: stocktakeScansRequest,
    response: stocktakeScansResponse,
    status: 200,
  }),
  export: route({
    method: 'GET',
    path: '/stocktakes/:id/export',
    access: access.permission(P.STOCKTAKE_STOCKTAKING_DETAIL),
    summary: 'Excel export of the result lines of the filter (all pages)',
    query: stocktakeLineFilter,
    file: 'download',
    timeZone: true,
  }),
} as const;
