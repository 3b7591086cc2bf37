import { Module } from '@nestjs/common';
import { SystemSettingsController } from './http/system-settings.controller.js';
import { SETTINGS_HANDLERS, SystemSettingsService } from './settings.service.js';

/** The system settings: what modules read (SystemSettingsService) and the administration's API. */
@Module({
  controllers: [SystemSettingsController],
  providers: [SystemSettingsService, ...SETTINGS_HANDLERS],
  exports: [SystemSettingsService],
})
export class SettingsModule {}
