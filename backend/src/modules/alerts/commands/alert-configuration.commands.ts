import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_METHODS, type CreateAlertConfigurationRequest } from '@rfid/contracts';
import type { Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { userSummaries } from '../../users/users.public.js';
import { alertConfigurationModel, decideAlertConfiguration } from '../domain/alert-configuration.js';
import type { AlertConfigurationSettings } from '../alerts.events.js';

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

/** The alert configuration's commands, each the platform's one way on the configuration's stream. */
@Injectable()
export class AlertConfigurationCommands {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  async create(r: CreateAlertConfigurationRequest): Promise<{ id: string }> {
    const configurationId = randomUUID();
    const settings = settingsOf(r);
    await this.platform.commands.execute(alertConfigurationModel, configurationId, async (state, { tx }) => {
      await checkUser(tx, settings.userId);
      return decideAlertConfiguration(state, { kind: 'create', configurationId, settings });
    });
    return { id: configurationId };
  }

  /** `expectedVersion`: the version the form was opened on; another is CONCURRENCY_CONFLICT. */
  async update(configurationId: string, r: CreateAlertConfigurationRequest, expectedVersion: number): Promise<void> {
    const settings = settingsOf(r);
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

  async delete(configurationId: string): Promise<void> {
    await this.platform.commands.execute(alertConfigurationModel, configurationId, (state) => decideAlertConfiguration(state, { kind: 'delete', configurationId }));
  }
}
