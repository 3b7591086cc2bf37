import { z } from 'zod';
import { P } from '../permissions.js';
import { dashboardQuery, dashboardView } from '../schemas/dashboard.js';
import { integrationLogDetail, integrationLogList, integrationLogQuery } from '../schemas/readers.js';
import { publicSystemSettingsView, systemSettingsView, updateSystemSettingsRequest } from '../schemas/settings.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The system configuration, and the part of it every screen shows. */
export const SYSTEM_SETTINGS_API = {
  get: route({
    method: 'GET',
    path: '/system-settings',
    access: access.permission(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST),
    summary: 'The system settings (readers, gates, logs, display): each value, and who changed it last and when',
    response: systemSettingsView,
  }),
  // every screen shows these (the product name in titles and the footer, the page size of lists), the
  // sign-in page too: anyone reads them, and nothing in them is secret
  public: route({ method: 'GET', path: '/system-settings/public', access: access.public, summary: 'The settings every screen shows: product name and default page size', response: publicSystemSettingsView }),
  update: route({
    method: 'PUT',
    path: '/system-settings',
    access: access.permission(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE),
    summary: 'Change some settings, each within its rule (bounds, choices, length); answers the settings after it',
    body: updateSystemSettingsRequest,
    response: systemSettingsView,
  }),
} as const;

/** What passed between the back-office and the readers. */
export const INTEGRATION_LOGS_API = {
  list: route({
    method: 'GET',
    path: '/integration-logs',
    access: access.permission(P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST),
    summary: 'The integration log: management messages, commands and responses, refused and malformed messages, tag data per reader per minute',
    query: integrationLogQuery,
    response: integrationLogList,
  }),
  detail: route({
    method: 'GET',
    path: '/integration-logs/:id',
    access: access.permission(P.LOG_MANAGEMENT_INTEGRATION_LOG_DETAIL),
    summary: 'One entry with its payload',
    params: { id: z.coerce.number().int().positive() },
    response: integrationLogDetail,
  }),
} as const;

export const DASHBOARD_API = {
  get: route({
    method: 'GET',
    path: '/dashboard',
    access: access.permission(P.DASHBOARD),
    summary:
      'The dashboard: samples, tags, readers, open tickets, stocktakes in progress and active alerts now; today’s passes, alerts, links, unlinks and closed tickets; per-day series over the last `days` (7 or 30) in the client’s time zone; the latest passes and alerts. Each part only for a user who may open the list behind it.',
    query: dashboardQuery,
    response: dashboardView,
    timeZone: true,
  }),
} as const;
