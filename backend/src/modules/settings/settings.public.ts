/*
 * What other modules may use of settings: the service that answers the current values (inject it;
 * import SettingsModule in the Nest module).
 */
export { SystemSettingsService } from './settings.service.js';
export { SettingsModule } from './settings.module.js';
