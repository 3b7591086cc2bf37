import { ALERT_CONFIGURATIONS_API } from './alert-configurations.api.js';
import { ALERTS_API, GATE_PASSES_API } from './alerts.api.js';
import { PRODUCTS_API } from './products.api.js';
import { DASHBOARD_API, INTEGRATION_LOGS_API, SYSTEM_SETTINGS_API } from './settings.api.js';
import { INVENTORY_API } from './inventory.api.js';
import { LINK_REPORTS_API } from './link-reports.api.js';
import { GATE_TICKETS_API } from './gate-tickets.api.js';
import { USERS_API } from './users.api.js';
import { USER_GROUPS_API } from './user-groups.api.js';
import { SYSTEM_LOGS_API } from './system-logs.api.js';
import { READERS_API } from './readers.api.js';
import { USER_NOTIFICATIONS_API } from './user-notifications.api.js';
import { SAMPLES_API } from './samples.api.js';
import { RFID_TAGS_API } from './rfid-tags.api.js';
import { STOCKTAKES_API } from './stocktakes.api.js';
import { COUNTINGS_API } from './countings.api.js';
import { AUTH_API } from './auth.api.js';
import { EXPORT_TICKETS_API, IMPORT_TICKETS_API } from './tickets.api.js';
import { MASTER_DATA_API } from './master-data.api.js';

export * from './api-route.js';

/**
 * The API, each route once (method, path, access, schemas, summary), by area (master data by catalogue
 * too): the server's handlers and the browser's calls both come from it.
 */
export const API = {
  products: PRODUCTS_API,
  alerts: ALERTS_API,
  alertConfigurations: ALERT_CONFIGURATIONS_API,
  gatePasses: GATE_PASSES_API,
  systemSettings: SYSTEM_SETTINGS_API,
  integrationLogs: INTEGRATION_LOGS_API,
  dashboard: DASHBOARD_API,
  inventory: INVENTORY_API,
  linkReports: LINK_REPORTS_API,
  gateTickets: GATE_TICKETS_API,
  users: USERS_API,
  userGroups: USER_GROUPS_API,
  systemLogs: SYSTEM_LOGS_API,
  readers: READERS_API,
  userNotifications: USER_NOTIFICATIONS_API,
  samples: SAMPLES_API,
  rfidTags: RFID_TAGS_API,
  stocktakes: STOCKTAKES_API,
  countings: COUNTINGS_API,
  auth: AUTH_API,
  importTickets: IMPORT_TICKETS_API,
  exportTickets: EXPORT_TICKETS_API,
  masterData: MASTER_DATA_API,
} as const;
