import { P } from '../permissions.js';
import { countingDetail, countingListQuery, countingListResponse } from '../schemas/stocktakes.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** Quick counts of handhelds without a ticket. */
export const COUNTINGS_API = {
  list: route({
    method: 'GET',
    path: '/countings',
    access: access.permission(P.STOCKTAKE_COUNTING_LIST),
    summary: 'Quick counts, newest first: reader, user, zone, start and stop, distinct tags split into samples, products and unknown',
    query: countingListQuery,
    response: countingListResponse,
  }),
  detail: route({
    method: 'GET',
    path: '/countings/:id',
    access: access.permission(P.STOCKTAKE_COUNTING_LIST),
    summary: 'One quick count with its tags (each with what it is)',
    response: countingDetail,
  }),
} as const;
