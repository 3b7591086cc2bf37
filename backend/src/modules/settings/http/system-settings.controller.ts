import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { P, publicSystemSettingsView, systemSettingsView, updateSystemSettingsRequest, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { Public, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, ZodBody } from '../../../platform/http/zod.js';
import { SystemSettingsService } from '../settings.service.js';

@ApiTags('system-settings')
@ApiBearerAuth()
@Controller('system-settings')
export class SystemSettingsController {
  constructor(private readonly settings: SystemSettingsService) {}

  @Get()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST)
  @ApiDoc({ summary: 'The system settings (readers, gates, logs, display): each value, and who changed it last and when', response: systemSettingsView })
  get() {
    return this.settings.view();
  }

  // Every screen shows these (the product name in titles and the footer, the page size of lists), the sign-in page
  // too: anyone reads them. Nothing in them is secret: the name is on every page's title.
  @Get('public')
  @Public()
  @ApiDoc({ summary: 'The settings every screen shows: product name and default page size', response: publicSystemSettingsView })
  getPublic() {
    return this.settings.currentPublic();
  }

  @Put()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE)
  @ApiDoc({ summary: 'Change some settings, each within its rule (bounds, choices, length); answers the settings after it', body: updateSystemSettingsRequest, response: systemSettingsView })
  update(@ZodBody(updateSystemSettingsRequest) body: UpdateSystemSettingsRequest) {
    return this.settings.update(body);
  }
}
