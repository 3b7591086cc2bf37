import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import type { AlertsTables } from './alerts.tables.js';
import * as migration0032 from './migrations/0032-alerts.js';
import * as migration0034 from './migrations/0034-alert-configuration-search.js';
import * as migration0036 from './migrations/0036-alert-subject-count.js';
import * as migration0047 from './migrations/0047-alert-summary-reminders.js';
import { alertConfigurationsProjection } from './alert-configuration-views/alert-configurations.projection.js';
import { alertsProjection } from './alert-views/alerts.projection.js';

/** The alerts module's tables (alerts, who is told of them, reminders), migrations and projections. */
export const alertsModule: ModuleDefinition = {
  name: 'alerts',
  tables: ['alerts', 'alert_configurations', 'alert_configuration_reminders'] satisfies (keyof AlertsTables)[],
  migrations: { '0032-alerts': migration0032, '0034-alert-configuration-search': migration0034, '0036-alert-subject-count': migration0036, '0047-alert-summary-reminders': migration0047 },
  projections: [alertsProjection, alertConfigurationsProjection],
};

export type { AlertsTables } from './alerts.tables.js';
