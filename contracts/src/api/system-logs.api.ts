import { z } from 'zod';
import { P } from '../permissions.js';
import { listResponse } from '../schemas/common.js';
import { systemLogActionOption, systemLogDetail, systemLogEntry, systemLogQuery } from '../schemas/system-log.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The system log: who did what, when, to which record. */
export const SYSTEM_LOGS_API = {
  list: route({
    method: 'GET',
    path: '/system-logs',
    access: access.permission(P.LOG_MANAGEMENT_SYSTEM_LOG_LIST),
    summary: "The activity log: every event with time, actor, action, the record by its kind and name, and a summary, in the request's language",
    query: systemLogQuery,
    response: listResponse(systemLogEntry),
  }),
  actions: route({
    method: 'GET',
    path: '/system-logs/actions',
    access: access.permission(P.LOG_MANAGEMENT_SYSTEM_LOG_LIST),
    summary: "The actions (event types) present, with their labels in the request's language, for the filter",
    response: z.array(systemLogActionOption),
  }),
  detail: route({
    method: 'GET',
    path: '/system-logs/:id',
    access: access.permission(P.LOG_MANAGEMENT_SYSTEM_LOG_DETAIL),
    summary: 'One event with its data and metadata',
    response: systemLogDetail,
    params: { id: z.coerce.number().int().positive() },
  }),
} as const;
