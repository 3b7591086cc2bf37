import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AssignPermissionsRequest, CreateGroupRequest, UpdateGroupRequest } from '@rfid/contracts';
import { Platform } from '../../../platform/platform.js';
import { decideGroup, groupModel, type GroupCommand } from '../domain/group.js';

/** The users module's commands on user groups: each the platform's one way on the group's stream. */
@Injectable()
export class GroupCommands {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** `groupId`: a fixed id for the built-in Administrators group; new otherwise. */
  async create(r: CreateGroupRequest, groupId: string = randomUUID()): Promise<{ id: string }> {
    await this.run({ kind: 'create', groupId, name: r.name, description: r.description || null, permissions: r.permissions });
    return { id: groupId };
  }

  /** `expectedVersion`: the version the form was opened on. */
  update(groupId: string, r: UpdateGroupRequest, expectedVersion?: number): Promise<void> {
    return this.run({ kind: 'update', groupId, name: r.name, description: r.description || null }, expectedVersion);
  }

  assignPermissions(groupId: string, request: AssignPermissionsRequest, expectedVersion?: number): Promise<void> {
    return this.run({ kind: 'assign-permissions', groupId, permissions: request.permissions }, expectedVersion);
  }

  private async run(cmd: GroupCommand, expectedVersion?: number): Promise<void> {
    await this.platform.commands.execute(groupModel, cmd.groupId, (state) => decideGroup(state, cmd), { expectedVersion });
  }
}
