import type { ModuleDefinition } from '../platform/modules/module-definition.js';
import { masterDataModule } from './master-data/master-data.definition.js';
import { notificationsModule } from './notifications/notifications.definition.js';
import { reportsModule } from './reports/reports.definition.js';
import { rfidModule } from './rfid/rfid.definition.js';
import { samplesModule } from './samples/samples.definition.js';
import { usersModule } from './users/users.definition.js';

/**
 * Every module's tables, migrations and inline projections: what the server, the command-line tools
 * and the tests start the platform with. A new module adds its definition here and its Nest module
 * to app.module.ts.
 */
export const MODULES: readonly ModuleDefinition[] = [usersModule, notificationsModule, masterDataModule, samplesModule, rfidModule, reportsModule];
