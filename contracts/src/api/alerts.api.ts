import { P } from '../permissions.js';
import { alertFilter, alertListQuery, alertListResponse, alertReportResponse, alertView } from '../schemas/alerts.js';
import { gatePassFilter, gatePassListQuery, gatePassListResponse } from '../schemas/gates.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The alert list is read by the gate alert logs and by the alert report. */
const ALERT_READERS = access.anyPermission([P.SECURITY_GATE_LOG_LIST, P.REPORT_ALERT_LIST]);

/** The alerts (the gate alert logs, one alert) and the alert report with its totals and its Excel export. */
export const ALERTS_API = {
  list: route({
    method: 'GET',
    path: '/alerts',
    access: ALERT_READERS,
    summary: 'Alerts, newest first (filters dates, gate, kind, state, item kind, q over the tag and the item, product, sample attributes)',
    query: alertListQuery,
    response: alertListResponse,
  }),
  detail: route({ method: 'GET', path: '/alerts/:id', access: ALERT_READERS, summary: 'One alert (ALERT_NOT_FOUND)', response: alertView }),
  report: route({
    method: 'GET',
    path: '/reports/alerts',
    access: access.permission(P.REPORT_ALERT_LIST),
    summary: "The alert report: a page of the alerts of the filter and their totals (active, disabled, per gate, per day in the client's time zone)",
    query: alertListQuery,
    response: alertReportResponse,
    timeZone: true,
  }),
  reportExport: route({
    method: 'GET',
    path: '/reports/alerts/export',
    access: access.permission(P.REPORT_ALERT_LIST),
    summary: 'Excel export of the alerts of the filter (all pages)',
    query: alertFilter,
    file: 'download',
    timeZone: true,
  }),
} as const;

/** The gate history: every pass a gate decided, and its Excel export. */
export const GATE_PASSES_API = {
  list: route({
    method: 'GET',
    path: '/gate-passes',
    access: access.permission(P.SECURITY_GATE_LOG_LIST),
    summary: 'Every pass a gate decided (newest first): gate, time, direction, tag, item, decision, the permit that allowed it or the alert it raised',
    query: gatePassListQuery,
    response: gatePassListResponse,
  }),
  export: route({
    method: 'GET',
    path: '/gate-passes/export',
    access: access.permission(P.SECURITY_GATE_LOG_LIST),
    summary: 'Excel export of the passes of the filter (all pages)',
    query: gatePassFilter,
    file: 'download',
    timeZone: true,
  }),
} as const;
