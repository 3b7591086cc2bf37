import { Module } from '@nestjs/common';
import { ReadersModule } from '../readers/readers.public.js';
import { SettingsModule } from '../settings/settings.public.js';
import { ALERT_CONFIGURATION_COMMAND_HANDLERS } from './commands/alert-configuration.commands.js';
import { ALERT_COMMAND_HANDLERS } from './commands/alert.commands.js';
import { AlertConfigurationsController } from './http/alert-configurations.controller.js';
import { AlertsController } from './http/alerts.controller.js';
import { AlertMailProcessorLifecycle } from './processors/alert-mail.processor.js';
import { AlertReminders } from './processors/alert-reminders.js';
import { GateAlarm } from './processors/gate-alarm.processor.js';
import { ReaderDisconnectedAlerts } from './processors/reader-disconnected-alerts.js';
import { AlertPushes } from './alert-views/alert-pushes.js';
import { ALERT_CONFIGURATION_QUERY_HANDLERS, AlertConfigurationQueries } from './alert-configuration-views/alert-configurations.queries.js';
import { ALERT_QUERY_HANDLERS, AlertQueries } from './alert-views/alerts.queries.js';

/**
 * Alerts: raised by gates, the readers' watch and stocktakes; told to the configured users in the app
 * and by e-mail, reminded while active; a gate's alarm switched on and off; the alert report; each
 * change pushed to the alert screens.
 */
@Module({
  imports: [ReadersModule, SettingsModule],
  controllers: [AlertConfigurationsController, AlertsController],
  providers: [...ALERT_COMMAND_HANDLERS, ...ALERT_CONFIGURATION_COMMAND_HANDLERS, AlertConfigurationQueries, ...ALERT_CONFIGURATION_QUERY_HANDLERS, AlertQueries, ...ALERT_QUERY_HANDLERS, AlertMailProcessorLifecycle, GateAlarm, AlertReminders, ReaderDisconnectedAlerts, AlertPushes],
  exports: [AlertReminders],
})
export class AlertsModule {}
