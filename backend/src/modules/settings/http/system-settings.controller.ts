import { API, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { ApiController, Route, RouteBody } from '../../../platform/http/api-route.js';
import { GetPublicSettings, GetSystemSettings, UpdateSystemSettings } from '../settings.service.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.systemSettings;

/** The system configuration (contracts' `API.systemSettings`). */
@ApiController('system-settings')
export class SystemSettingsController extends BusController {
  @Route(R.get)
  get() {
    return this.queries.execute(new GetSystemSettings());
  }

  @Route(R.public)
  getPublic() {
    return this.queries.execute(new GetPublicSettings());
  }

  @Route(R.update)
  update(@RouteBody(R.update) body: UpdateSystemSettingsRequest) {
    return this.commands.execute(new UpdateSystemSettings({ changes: body }));
  }
}
