import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AlertsModule } from './modules/alerts/alerts.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { GatesModule } from './modules/gates/gates.module.js';
import { MasterDataModule } from './modules/master-data/master-data.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { ProductsModule } from './modules/products/products.module.js';
import { ReadersModule } from './modules/readers/readers.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { RfidModule } from './modules/rfid/rfid.module.js';
import { SamplesModule } from './modules/samples/samples.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { StocktakesModule } from './modules/stocktakes/stocktakes.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { AccessGuard } from './platform/auth/access.guard.js';
import { CommittedEventsFeed } from './platform/cqrs/committed-events.js';
import { HealthController, MetricsController } from './platform/http/health.controller.js';
import { StorableTextInterceptor } from './platform/http/zod.js';
import { LOGGER } from './platform/logging/logger.js';
import { Platform } from './platform/platform.js';
import { RealtimeModule } from './platform/realtime/realtime.module.js';

@Global()
@Module({})
class PlatformModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: Platform, useValue: platform },
        { provide: LOGGER, useValue: platform.logger },
      ],
      exports: [Platform, LOGGER],
    };
  }
}

@Module({})
export class AppModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(platform),
        CqrsModule.forRoot(),
        DiscoveryModule,
        UsersModule,
        RealtimeModule.register(UsersModule),
        AuditModule,
        NotificationsModule,
        MasterDataModule,
        SamplesModule,
        ProductsModule,
        RfidModule,
        ReportsModule,
        SettingsModule,
        ReadersModule,
        TicketsModule,
        AlertsModule,
        GatesModule,
        StocktakesModule,
        DashboardModule,
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_INTERCEPTOR, useClass: StorableTextInterceptor },
        CommittedEventsFeed,
      ],
    };
  }
}
