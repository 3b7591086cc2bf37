import { P } from '../permissions.js';
import { alertConfigurationListQuery, alertConfigurationListResponse, alertConfigurationView, createAlertConfigurationRequest, updateAlertConfigurationRequest } from '../schemas/alerts.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The alert configuration screen: who is told of which alerts, how, and how often again. */
export const ALERT_CONFIGURATIONS_API = {
  list: route({
    method: 'GET',
    path: '/alert-configurations',
    access: access.permission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST),
    summary: 'List alert configurations (q over username, full name and action name; filters function and method), and whether e-mail is on (SMTP_URL)',
    query: alertConfigurationListQuery,
    response: alertConfigurationListResponse,
  }),
  create: route({
    method: 'POST',
    path: '/alert-configurations',
    access: access.permission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_CREATE),
    summary: 'Configure how a user is told of a kind of alert; one per user and function (ALERT_CONFIG_EXISTS), EMAIL needs an address (EMAIL_REQUIRED)',
    body: createAlertConfigurationRequest,
    response: alertConfigurationView,
  }),
  detail: route({ method: 'GET', path: '/alert-configurations/:id', access: access.permission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST), summary: 'One alert configuration', response: alertConfigurationView }),
  update: route({
    method: 'PUT',
    path: '/alert-configurations/:id',
    access: access.permission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_UPDATE),
    summary: 'Change an alert configuration; `version` is the one the form was opened on: another is CONCURRENCY_CONFLICT',
    body: updateAlertConfigurationRequest,
    response: alertConfigurationView,
  }),
  delete: route({
    method: 'DELETE',
    path: '/alert-configurations/:id',
    access: access.permission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_DELETE),
    summary: 'Delete an alert configuration: its user is told of those alerts no more',
    status: 204,
  }),
} as const;
