import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ChangePasswordRequest, CreateUserRequest, UpdateUserRequest } from '@rfid/contracts';
import { hashPassword } from '../../../platform/auth/password-hasher.js';
import { Platform } from '../../../platform/platform.js';
import { decideUser, userModel, type UserCommand } from '../domain/user.js';

/** The users module's commands on users: each the platform's one way on the user's stream. */
@Injectable()
export class UserCommands {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  async create(r: CreateUserRequest): Promise<{ id: string }> {
    const userId = randomUUID();
    const passwordHash = await hashPassword(r.password);
    await this.run({ kind: 'create', userId, username: r.username, fullName: r.fullName, position: r.position || null, groupId: r.groupId, passwordHash });
    return { id: userId };
  }

  /** `expectedVersion`: the version the form was opened on. */
  update(userId: string, r: UpdateUserRequest, expectedVersion?: number): Promise<void> {
    return this.run({ kind: 'update', userId, fullName: r.fullName, position: r.position || null, groupId: r.groupId }, expectedVersion);
  }

  lock(userId: string): Promise<void> {
    return this.run({ kind: 'lock', userId });
  }

  unlock(userId: string): Promise<void> {
    return this.run({ kind: 'unlock', userId });
  }

  async changePassword(userId: string, request: ChangePasswordRequest): Promise<void> {
    await this.run({ kind: 'change-password', userId, passwordHash: await hashPassword(request.password) });
  }

  private async run(cmd: UserCommand, expectedVersion?: number): Promise<void> {
    await this.platform.commands.execute(userModel, cmd.userId, (state) => decideUser(state, cmd), { expectedVersion });
  }
}
