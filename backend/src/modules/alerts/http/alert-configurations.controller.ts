import { API, type AlertConfigurationListQuery, type CreateAlertConfigurationRequest, type UpdateAlertConfigurationRequest } from '@rfid/contracts';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { CreateAlertConfiguration, DeleteAlertConfiguration, UpdateAlertConfiguration } from '../commands/alert-configuration.commands.js';
import { GetAlertConfiguration, ListAlertConfigurations } from '../alert-configuration-views/alert-configurations.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.alertConfigurations;

/** The alert configuration (contracts' `API.alertConfigurations`): who is told of which alerts, how, and how often again. */
@ApiController('alerts')
export class AlertConfigurationsController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: AlertConfigurationListQuery) {
    return this.queries.execute(new ListAlertConfigurations(query));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateAlertConfigurationRequest) {
    const { id } = await this.commands.execute(new CreateAlertConfiguration({ request: body }));
    return this.queries.execute(new GetAlertConfiguration(id));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.execute(new GetAlertConfiguration(id));
  }

  @Route(R.update)
  async update(@RouteParam(R.update, 'id') id: string, @RouteBody(R.update) body: UpdateAlertConfigurationRequest) {
    const { version, ...settings } = body;
    await this.commands.execute(new UpdateAlertConfiguration({ configurationId: id, request: settings, expectedVersion: version }));
    return this.queries.execute(new GetAlertConfiguration(id));
  }

  @Route(R.delete)
  async remove(@RouteParam(R.delete, 'id') id: string): Promise<void> {
    await this.commands.execute(new DeleteAlertConfiguration({ configurationId: id }));
  }
}
