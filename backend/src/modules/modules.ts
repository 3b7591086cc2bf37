import type { ModuleDefinition } from '../platform/modules/module-definition.js';
import { alertsModule } from './alerts/alerts.definition.js';
import { gatesModule } from './gates/gates.definition.js';
import { masterDataModule } from './master-data/master-data.definition.js';
import { productsModule } from './products/products.definition.js';
import { notificationsModule } from './notifications/notifications.definition.js';
import { reportsModule } from './reports/reports.definition.js';
import { readersModule } from './readers/readers.definition.js';
import { rfidModule } from './rfid/rfid.definition.js';
import { samplesModule } from './samples/samples.definition.js';
import { stocktakesModule } from './stocktakes/stocktakes.definition.js';
import { settingsModule } from './settings/settings.definition.js';
import { ticketsModule } from './tickets/tickets.definition.js';
import { usersModule } from './users/users.definition.js';

/**
 * Every module's tables, migrations and inline projections: what the server, the command-line tools
 * and the tests start the platform with. A new module adds its definition here and its Nest module
 * to app.module.ts.
 */
export const MODULES: readonly ModuleDefinition[] = [
  usersModule,
  notificationsModule,
  masterDataModule,
  samplesModule,
  productsModule,
  rfidModule,
  reportsModule,
  settingsModule,
  readersModule,
  ticketsModule,
  alertsModule,
  gatesModule,
  stocktakesModule,
];

// The table types of every module: a program that imports MODULES (the tests do, through the test
// platform) sees every module's tables in Database, whichever modules' code it imports itself.
export type { AlertsTables } from './alerts/alerts.definition.js';
export type { GatesTables } from './gates/gates.definition.js';
export type { MasterDataTables } from './master-data/master-data.definition.js';
export type { NotificationsTables } from './notifications/notifications.definition.js';
export type { ProductsTables } from './products/products.definition.js';
export type { ReportsTables } from './reports/reports.definition.js';
export type { ReadersTables } from './readers/readers.definition.js';
export type { RfidTables } from './rfid/rfid.definition.js';
export type { SamplesTables } from './samples/samples.definition.js';
export type { SettingsTables } from './settings/settings.definition.js';
export type { StocktakesTables } from './stocktakes/stocktakes.definition.js';
export type { TicketsTables } from './tickets/tickets.definition.js';
export type { UsersTables } from './users/users.definition.js';
