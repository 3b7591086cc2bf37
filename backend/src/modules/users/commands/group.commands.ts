import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AssignPermissionsRequest, CreateGroupRequest, UpdateGroupRequest } from '@rfid/contracts';
import { Platform } from '../../../platform/platform.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { actingUserId, type Authority } from '../domain/authority.js';
import { decideGroup, groupModel, type GroupCommand } from '../domain/group.js';

/**
 * The users module's commands on user groups: each the platform's one way on the group's stream,
 * deciding with who acts. A change of a group's permissions or lock reaches its members' open
 * push connections at once (their rooms, or their disconnection).
 */
@Injectable()
export class GroupCommands {
  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly realtime: RealtimeGateway,
  ) {}

  /** `groupId`: a fixed id for the built-in Administrators group; new otherwise. */
  async create(r: CreateGroupRequest, authority: Authority, groupId: string = randomUUID()): Promise<{ id: string }> {
    await this.run({ kind: 'create', groupId, name: r.name, description: r.description || null, permissions: r.permissions }, authority);
    return { id: groupId };
  }

  /** `expectedVersion`: the version the form was opened on. */
  update(groupId: string, r: UpdateGroupRequest, authority: Authority, expectedVersion?: number): Promise<void> {
    return this.run({ kind: 'update', groupId, name: r.name, description: r.description || null }, authority, expectedVersion);
  }

  async assignPermissions(groupId: string, request: AssignPermissionsRequest, authority: Authority, expectedVersion?: number): Promise<void> {
    await this.run({ kind: 'assign-permissions', groupId, permissions: request.permissions }, authority, expectedVersion);
    await this.realtime.revalidateAll();
  }

  async lock(groupId: string, authority: Authority): Promise<void> {
    await this.run({ kind: 'lock', groupId }, authority);
    await this.realtime.revalidateAll();
  }

  unlock(groupId: string, authority: Authority): Promise<void> {
    return this.run({ kind: 'unlock', groupId }, authority);
  }

  private async run(cmd: GroupCommand, authority: Authority, expectedVersion?: number): Promise<void> {
    await this.platform.commands.execute(
      groupModel,
      cmd.groupId,
      async (state, { tx }) => {
        const actor = actingUserId(authority);
        const member = actor ? await tx.selectFrom('users').select('id').where('id', '=', actor).where('group_id', '=', cmd.groupId).executeTakeFirst() : undefined;
        return decideGroup(state, cmd, { authority, actorIsMember: !!member });
      },
      { expectedVersion },
    );
  }
}
