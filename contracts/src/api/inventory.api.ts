import { z } from 'zod';
import { P } from '../permissions.js';
import { listResponse } from '../schemas/common.js';
import { inventoryFilter, inventoryQuery, inventoryReportQuery, inventoryReportRow, inventoryRow, samplePlaceRow } from '../schemas/tickets.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The stock that closed tickets moved: the inventory now or as of a moment, and the inventory report of a period. */
export const INVENTORY_API = {
  inventory: route({
    method: 'GET',
    path: '/inventory',
    access: access.permission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST),
    summary: 'Stock per product and warehouse: on hand (as of `asOf` when given), reserved by approved export tickets, incoming on open import tickets',
    query: inventoryQuery,
    response: listResponse(inventoryRow),
  }),
  samples: route({
    method: 'GET',
    path: '/inventory/samples',
    access: access.permission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST),
    summary: 'How many samples are where: in the sample room per zone, out per ticket that lent them',
    response: z.array(samplePlaceRow),
  }),
  inventoryExport: route({
    method: 'GET',
    path: '/inventory/export',
    access: access.permission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST),
    summary: 'Excel export of the stock of the filter (as of `asOf` when given)',
    query: inventoryFilter,
    file: 'download',
    timeZone: true,
  }),
  reportExport: route({
    method: 'GET',
    path: '/reports/inventory/export',
    access: access.permission(P.REPORT_INVENTORY_LIST),
    summary: 'Excel export of the inventory report of a period',
    query: inventoryReportQuery,
    file: 'download',
    timeZone: true,
  }),
  report: route({
    method: 'GET',
    path: '/reports/inventory',
    access: access.permission(P.REPORT_INVENTORY_LIST),
    summary: 'Per product and warehouse over a period: opening, in, out, closing, with the tickets behind each movement',
    query: inventoryReportQuery,
    response: z.array(inventoryReportRow),
  }),
} as const;
