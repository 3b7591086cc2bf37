import { z } from 'zod';
import { P } from '../permissions.js';
import { linkReportFilter, linkReportQuery, linkReportResponse, linkReportUser } from '../schemas/reports.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The reports of tag links and unlinks. */
export const LINK_REPORTS_API = {
  linking: route({
    method: 'GET',
    path: '/reports/linking',
    access: access.permission(P.REPORT_LINKING_LIST),
    summary: 'Links of tags to samples (paged, newest first) with totals of the filter: links, distinct tags, distinct samples',
    query: linkReportQuery,
    response: linkReportResponse,
  }),
  linkingUsers: route({
    method: 'GET',
    path: '/reports/linking/users',
    access: access.permission(P.REPORT_LINKING_LIST),
    summary: 'The users who linked tags: the choices of the user filter',
    response: z.array(linkReportUser),
  }),
  linkingExport: route({
    method: 'GET',
    path: '/reports/linking/export',
    access: access.permission(P.REPORT_LINKING_LIST),
    summary: 'Excel export of the links of the filter (all pages)',
    query: linkReportFilter,
    file: 'download',
    timeZone: true,
  }),
  unlink: route({
    method: 'GET',
    path: '/reports/unlink',
    access: access.permission(P.REPORT_UNLINKING_LIST),
    summary: 'Unlinks of tags from samples (paged, newest first) with their reasons and totals of the filter',
    query: linkReportQuery,
    response: linkReportResponse,
  }),
  unlinkUsers: route({
    method: 'GET',
    path: '/reports/unlink/users',
    access: access.permission(P.REPORT_UNLINKING_LIST),
    summary: 'The users who unlinked tags: the choices of the user filter',
    response: z.array(linkReportUser),
  }),
  unlinkExport: route({
    method: 'GET',
    path: '/reports/unlink/export',
    access: access.permission(P.REPORT_UNLINKING_LIST),
    summary: 'Excel export of the unlinks of the filter (all pages)',
    query: linkReportFilter,
    file: 'download',
    timeZone: true,
  }),
} as const;
