import { ALERT_CONFIGURATIONS_API } from './alert-configurations.api.js';
import { ALERTS_API, GATE_PASSES_API } from './alerts.api.js';
import { PRODUCTS_API } from './products.api.js';
import { DASHBOARD_API, INTEGRATION_LOGS_API, SYSTEM_SETTINGS_API } from './settings.api.js';

export * from './api-route.js';

/**
 * The API, each route once (method, path, access, schemas, summary), by area: the server's handlers
 * and the browser's calls both come from it. Areas move onto it one by one; the routes not here yet
 * declare themselves in their controllers.
 */
export const API = {
  products: PRODUCTS_API,
  alerts: ALERTS_API,
  alertConfigurations: ALERT_CONFIGURATIONS_API,
  gatePasses: GATE_PASSES_API,
  systemSettings: SYSTEM_SETTINGS_API,
  integrationLogs: INTEGRATION_LOGS_API,
  dashboard: DASHBOARD_API,
} as const;
