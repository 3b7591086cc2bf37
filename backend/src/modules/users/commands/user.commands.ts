import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import type { ChangePasswordRequest, CreateUserRequest, UpdateUserRequest } from '@rfid/contracts';
import { hashPassword } from '../../../platform/auth/password-hasher.js';
import { executeOnStream } from '../../../platform/event-store/stream-command.js';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import type { Platform } from '../../../platform/platform.js';
import { decideUser, userModel, type UserCommand } from '../domain/user.js';

export class CreateUser extends Command<{ id: string }> {
  constructor(readonly request: CreateUserRequest) {
    super();
  }
}
export class UpdateUser extends Command<void> {
  constructor(
    readonly userId: string,
    readonly request: UpdateUserRequest,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}
export class LockUser extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
export class UnlockUser extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
export class ChangeUserPassword extends Command<void> {
  constructor(
    readonly userId: string,
    readonly request: ChangePasswordRequest,
  ) {
    super();
  }
}

/** Each command becomes the domain's command on the user's stream. */
async function run(platform: Platform, cmd: UserCommand, expectedVersion?: number): Promise<void> {
  await executeOnStream(platform.store, userModel, cmd.userId, (state) => decideUser(state, cmd), { expectedVersion });
}

export const USER_COMMAND_HANDLERS = [
  commandHandler(CreateUser, async (platform, { request: r }) => {
    const userId = randomUUID();
    const passwordHash = await hashPassword(r.password);
    await run(platform, { kind: 'create', userId, username: r.username, fullName: r.fullName, position: r.position || null, groupId: r.groupId, passwordHash });
    return { id: userId };
  }),
  commandHandler(UpdateUser, (platform, { userId, request: r, expectedVersion }) =>
    run(platform, { kind: 'update', userId, fullName: r.fullName, position: r.position || null, groupId: r.groupId }, expectedVersion),
  ),
  commandHandler(LockUser, (platform, { userId }) => run(platform, { kind: 'lock', userId })),
  commandHandler(UnlockUser, (platform, { userId }) => run(platform, { kind: 'unlock', userId })),
  commandHandler(ChangeUserPassword, async (platform, { userId, request }) =>
    run(platform, { kind: 'change-password', userId, passwordHash: await hashPassword(request.password) }),
  ),
];
