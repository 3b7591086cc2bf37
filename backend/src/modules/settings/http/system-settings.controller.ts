import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { P, systemSettingsView, updateSystemSettingsRequest, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, ZodBody } from '../../../platform/http/zod.js';
import { SystemSettingsService } from '../settings.service.js';

@ApiTags('system-settings')
@ApiBearerAuth()
@Controller('system-settings')
export class SystemSettingsController {
  constructor(private readonly settings: SystemSettingsService) {}

  @Get()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST)
  @ApiDoc({ summary: 'The system settings (dedupe window of reads, heartbeat timeout, command timeout, integration log retention)', response: systemSettingsView })
  get() {
    return this.settings.load();
  }

  @Put()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE)
  @ApiDoc({ summary: 'Change some settings; each is a whole number within its bounds', body: updateSystemSettingsRequest, response: systemSettingsView })
  update(@ZodBody(updateSystemSettingsRequest) body: UpdateSystemSettingsRequest) {
    return this.settings.update(body);
  }
}
