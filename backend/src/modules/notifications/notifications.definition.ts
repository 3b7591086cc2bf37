import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0003 from './migrations/0003-notifications.js';
import { alertDisablementsProjection } from './projections/alert-disablements.projection.js';
import type { NotificationsTables } from './notifications.tables.js';

/** The notifications module's tables (each user's notifications, and the alerts disabled), their migrations and their inline projections. */
export const notificationsModule: ModuleDefinition = {
  name: 'notifications',
  tables: ['notifications', 'alert_disablements'] satisfies (keyof NotificationsTables)[],
  migrations: { '0003-notifications': migration0003 },
  projections: [alertDisablementsProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { NotificationsTables } from './notifications.tables.js';
