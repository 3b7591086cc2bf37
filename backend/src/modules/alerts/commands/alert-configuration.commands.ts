import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NOTIFICATION_METHODS, type CreateAlertConfigurationRequest } from '@rfid/contracts';
import type { Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { userSummaries } from '../../users/users.public.js';
import { alertConfigurationModel, decideAlertConfiguration } from '../domain/alert-configuration.js';
import type { AlertConfigurationSettings } from '../alerts.events.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/** The settings of a request: the methods in one order (so a reordered list changes nothing), no address as null. */
function settingsOf(r: CreateAlertConfigurationRequest): AlertConfigurationSettings {
  return {
    userId: r.userId,
    methods: NOTIFICATION_METHODS.filter((m) => r.methods.includes(m)),
    email: r.email || null,
    actionName: r.actionName,
    functionName: r.functionName,
    timeMinutes: r.timeMinutes,
  };
}

async function checkUser(tx: Tx, userId: string): Promise<void> {
  if (!(await userSummaries(tx, [userId])).has(userId)) throw new AppError('USER_NOT_FOUND');
}

/* The alert configuration's commands, each a message on the CommandBus and its handler: the platform's one way on the configuration's stream. */

/** A new configuration: its user must exist. */
export class CreateAlertConfiguration extends commandOf<{ request: CreateAlertConfigurationRequest }, { id: string }>() {}

@CommandHandler(CreateAlertConfiguration)
export class CreateAlertConfigurationHandler extends PlatformHandler implements ICommandHandler<CreateAlertConfiguration> {
  async execute({ request }: CreateAlertConfiguration): Promise<{ id: string }> {
    const configurationId = randomUUID();
    const settings = settingsOf(request);
    await this.platform.commands.execute(alertConfigurationModel, configurationId, async (state, { tx }) => {
      await checkUser(tx, settings.userId);
      return decideAlertConfiguration(state, { kind: 'create', configurationId, settings });
    });
    return { id: configurationId };
  }
}

/** A configuration's settings replaced; `expectedVersion`: the version the form was opened on (another is CONCURRENCY_CONFLICT). */
export class UpdateAlertConfiguration extends commandOf<{ configurationId: string; request: CreateAlertConfigurationRequest; expectedVersion: number }>() {}

@CommandHandler(UpdateAlertConfiguration)
export class UpdateAlertConfigurationHandler extends PlatformHandler implements ICommandHandler<UpdateAlertConfiguration> {
  async execute({ configurationId, request, expectedVersion }: UpdateAlertConfiguration): Promise<void> {
    const settings = settingsOf(request);
    await this.platform.commands.execute(
      alertConfigurationModel,
      configurationId,
      async (state, { tx }) => {
        if (state.settings && state.settings.userId !== settings.userId) await checkUser(tx, settings.userId);
        return decideAlertConfiguration(state, { kind: 'update', configurationId, settings });
      },
      { expectedVersion },
    );
  }
}

export class DeleteAlertConfiguration extends commandOf<{ configurationId: string }>() {}

@CommandHandler(DeleteAlertConfiguration)
export class DeleteAlertConfigurationHandler extends PlatformHandler implements ICommandHandler<DeleteAlertConfiguration> {
  async execute({ configurationId }: DeleteAlertConfiguration): Promise<void> {
    await this.platform.commands.execute(alertConfigurationModel, configurationId, (state) => decideAlertConfiguration(state, { kind: 'delete', configurationId }));
  }
}

export const ALERT_CONFIGURATION_COMMAND_HANDLERS = [CreateAlertConfigurationHandler, UpdateAlertConfigurationHandler, DeleteAlertConfigurationHandler];
