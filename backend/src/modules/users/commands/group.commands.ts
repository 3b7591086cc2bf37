import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import type { AssignPermissionsRequest, CreateGroupRequest, UpdateGroupRequest } from '@rfid/contracts';
import { executeOnStream } from '../../../platform/event-store/stream-command.js';
import { commandHandler } from '../../../platform/cqrs/command-handler.js';
import type { Platform } from '../../../platform/platform.js';
import { decideGroup, groupModel, type GroupCommand } from '../domain/group.js';

export class CreateGroup extends Command<{ id: string }> {
  constructor(
    readonly request: CreateGroupRequest,
    /** A fixed id for the built-in Administrators group; new otherwise. */
    readonly groupId: string = randomUUID(),
  ) {
    super();
  }
}
export class UpdateGroup extends Command<void> {
  constructor(
    readonly groupId: string,
    readonly request: UpdateGroupRequest,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}
export class AssignGroupPermissions extends Command<void> {
  constructor(
    readonly groupId: string,
    readonly request: AssignPermissionsRequest,
    readonly expectedVersion?: number,
  ) {
    super();
  }
}

async function run(platform: Platform, cmd: GroupCommand, expectedVersion?: number): Promise<void> {
  await executeOnStream(platform.store, groupModel, cmd.groupId, (state) => decideGroup(state, cmd), { expectedVersion });
}

export const GROUP_COMMAND_HANDLERS = [
  commandHandler(CreateGroup, async (platform, { groupId, request: r }) => {
    await run(platform, { kind: 'create', groupId, name: r.name, description: r.description || null, permissions: r.permissions });
    return { id: groupId };
  }),
  commandHandler(UpdateGroup, (platform, { groupId, request: r, expectedVersion }) =>
    run(platform, { kind: 'update', groupId, name: r.name, description: r.description || null }, expectedVersion),
  ),
  commandHandler(AssignGroupPermissions, (platform, { groupId, request, expectedVersion }) =>
    run(platform, { kind: 'assign-permissions', groupId, permissions: request.permissions }, expectedVersion),
  ),
];
