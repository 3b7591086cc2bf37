import { API, type AlertConfigurationListQuery, type CreateAlertConfigurationRequest, type UpdateAlertConfigurationRequest } from '@rfid/contracts';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { AlertConfigurationCommands } from '../commands/alert-configuration.commands.js';
import { AlertConfigurationQueries } from '../alert-configuration-views/alert-configurations.queries.js';

const R = API.alertConfigurations;

/** The alert configuration (contracts' `API.alertConfigurations`): who is told of which alerts, how, and how often again. */
@ApiController('alerts')
export class AlertConfigurationsController {
  constructor(
    private readonly commands: AlertConfigurationCommands,
    private readonly queries: AlertConfigurationQueries,
  ) {}

  @Route(R.list)
  list(@RouteQuery(R.list) query: AlertConfigurationListQuery) {
    return this.queries.list(query);
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateAlertConfigurationRequest) {
    const { id } = await this.commands.create(body);
    return this.queries.get(id);
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.get(id);
  }

  @Route(R.update)
  async update(@RouteParam(R.update, 'id') id: string, @RouteBody(R.update) body: UpdateAlertConfigurationRequest) {
    const { version, ...settings } = body;
    await this.commands.update(id, settings, version);
    return this.queries.get(id);
  }

  @Route(R.delete)
  async remove(@RouteParam(R.delete, 'id') id: string): Promise<void> {
    await this.commands.delete(id);
  }
}
