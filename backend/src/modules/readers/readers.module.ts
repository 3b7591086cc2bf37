import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.public.js';
import { ReaderClaims } from './claims/reader-claims.js';
import { DeviceCommands, SendReaderCommandHandler } from './commands/device-commands.js';
import { READER_COMMAND_HANDLERS } from './commands/reader.commands.js';
import { IntegrationLogsController } from './integration-log/integration-logs.controller.js';
import { ReadersController } from './http/readers.controller.js';
import { IntegrationLog } from './integration-log/integration-log.js';
import { ReaderLiveState } from './ingest/live-state.js';
import { ObservationJournal } from './ingest/observation-journal.js';
import { ObservationBus } from './ingest/observations.js';
import { ReaderDirectory } from './ingest/reader-directory.js';
import { ReaderIngest } from './ingest/reader-ingest.js';
import { ReaderDirectoryRefresh } from './ingest/reader-directory-refresh.js';
import { ReaderOwnership } from './ingest/reader-ownership.js';
import { BrokerAccounts } from './broker-accounts/broker-accounts.js';
import { AuthenticateBrokerClientHandler, AuthorizeBrokerClient, BrokerHooks } from './broker-accounts/broker-hooks.js';
import { BrokerHooksController } from './http/broker-hooks.controller.js';
import { handlersOf } from '../../platform/cqrs/read-query.js';
import { RecordTagsEnteredZoneHandler } from './ingest/tag-sightings.js';
import { ReaderMqttAccess } from './ingest/reader-mqtt-access.js';
import { INTEGRATION_LOG_QUERY_HANDLERS, IntegrationLogQueries } from './integration-log/integration-log.queries.js';
import { READER_QUERY_HANDLERS, ReaderQueries } from './reader-views/readers.queries.js';

/**
 * RFID readers: the registry (gate configuration), their MQTT access, what they report (the ingest
 * path to observations, their live state, the integration log) and the commands sent to them.
 * Other modules consume observations through the exported ObservationBus, and claim readers to
 * themselves through ReaderClaims.
 */
@Module({
  imports: [SettingsModule],
  controllers: [ReadersController, IntegrationLogsController, BrokerHooksController],
  providers: [ReaderOwnership, ReaderDirectoryRefresh, BrokerAccounts, BrokerHooks, AuthenticateBrokerClientHandler, ...handlersOf(AuthorizeBrokerClient), ReaderDirectory, ReaderMqttAccess, IntegrationLog, ReaderLiveState, ObservationJournal, ObservationBus, DeviceCommands, ReaderClaims, ReaderIngest, RecordTagsEnteredZoneHandler, ...READER_COMMAND_HANDLERS, SendReaderCommandHandler, ReaderQueries, ...READER_QUERY_HANDLERS, IntegrationLogQueries, ...INTEGRATION_LOG_QUERY_HANDLERS],
  exports: [ObservationBus, DeviceCommands, ReaderClaims, ReaderLiveState, ReaderDirectory, ReaderOwnership],
})
export class ReadersModule {}
