import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  alertConfigurationListQuery,
  alertConfigurationListResponse,
  alertConfigurationView,
  createAlertConfigurationRequest,
  P,
  updateAlertConfigurationRequest,
  type AlertConfigurationListQuery,
  type CreateAlertConfigurationRequest,
  type UpdateAlertConfigurationRequest,
} from '@rfid/contracts';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { AlertConfigurationCommands } from '../commands/alert-configuration.commands.js';
import { AlertConfigurationQueries } from '../queries/alert-configurations.queries.js';

/** The alert configuration (the screen /system-adminstration/alert-configuration): who is told of which alerts, how, and how often again. */
@ApiTags('alerts')
@ApiBearerAuth()
@Controller('alert-configurations')
export class AlertConfigurationsController {
  constructor(
    private readonly commands: AlertConfigurationCommands,
    private readonly queries: AlertConfigurationQueries,
  ) {}

  @Get()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST)
  @ApiDoc({
    summary: 'List alert configurations (q over username, full name and action name; filters function and method), and whether e-mail is on (SMTP_URL)',
    query: alertConfigurationListQuery,
    response: alertConfigurationListResponse,
  })
  list(@ZodQuery(alertConfigurationListQuery) query: AlertConfigurationListQuery) {
    return this.queries.list(query);
  }

  @Post()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_CREATE)
  @ApiDoc({
    summary: 'Configure how a user is told of a kind of alert; one per user and function (ALERT_CONFIG_EXISTS), EMAIL needs an address (EMAIL_REQUIRED)',
    body: createAlertConfigurationRequest,
    response: alertConfigurationView,
  })
  async create(@ZodBody(createAlertConfigurationRequest) body: CreateAlertConfigurationRequest) {
    const { id } = await this.commands.create(body);
    return this.queries.get(id);
  }

  @Get(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST)
  @ApiDoc({ summary: 'One alert configuration', params: ['id'], response: alertConfigurationView })
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.get(id);
  }

  @Put(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_UPDATE)
  @ApiDoc({
    summary: "Change an alert configuration; `version` is the one the form was opened on: another is CONCURRENCY_CONFLICT",
    params: ['id'],
    body: updateAlertConfigurationRequest,
    response: alertConfigurationView,
  })
  async update(@ZodParam('id', uuidParam) id: string, @ZodBody(updateAlertConfigurationRequest) body: UpdateAlertConfigurationRequest) {
    const { version, ...settings } = body;
    await this.commands.update(id, settings, version);
    return this.queries.get(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_DELETE)
  @ApiDoc({ summary: 'Delete an alert configuration: its user is told of those alerts no more', params: ['id'] })
  async remove(@ZodParam('id', uuidParam) id: string): Promise<void> {
    await this.commands.delete(id);
  }
}
