import { API, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { ApiController, Route, RouteBody } from '../../../platform/http/api-route.js';
import { SystemSettingsService } from '../settings.service.js';

const R = API.systemSettings;

/** The system configuration (contracts' `API.systemSettings`). */
@ApiController('system-settings')
export class SystemSettingsController {
  constructor(private readonly settings: SystemSettingsService) {}

  @Route(R.get)
  get() {
    return this.settings.view();
  }

  @Route(R.public)
  getPublic() {
    return this.settings.currentPublic();
  }

  @Route(R.update)
  update(@RouteBody(R.update) body: UpdateSystemSettingsRequest) {
    return this.settings.update(body);
  }
}
