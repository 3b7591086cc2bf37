import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AssignPermissionsRequest, CreateGroupRequest, UpdateGroupRequest } from '@rfid/contracts';
import { Platform } from '../../../platform/platform.js';
import { actingUserId, type Authority } from '../domain/authority.js';
import { decideGroup, groupModel, type GroupCommand } from '../domain/group.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler, RealtimeHandler } from '../../../platform/cqrs/platform-handler.js';

/** A group command decided on the group's stream with who acts and whether they are a member of it. */
async function decideOnGroup(platform: Platform, cmd: GroupCommand, authority: Authority, expectedVersion?: number): Promise<void> {
  await platform.commands.execute(
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

/*
 * The users module's commands on user groups, each a message on the CommandBus and its handler: the platform's one way on the group's stream, deciding with who acts. A change of a group's permissions or lock reaches its members' open push connections at once (their rooms, or their disconnection).
 */

/** A new group; `fixedId`: the built-in Administrators group's own id (new otherwise). */
export class CreateGroup extends commandOf<{ request: CreateGroupRequest; authority: Authority; fixedId?: string }, { id: string }>() {}

@CommandHandler(CreateGroup)
export class CreateGroupHandler extends PlatformHandler implements ICommandHandler<CreateGroup> {
  async execute({ request: r, authority, fixedId }: CreateGroup): Promise<{ id: string }> {
    const groupId = fixedId ?? randomUUID();
    await decideOnGroup(this.platform, { kind: 'create', groupId, name: r.name, description: r.description || null, permissions: r.permissions }, authority);
    return { id: groupId };
  }
}

/** `expectedVersion`: the version the form was opened on. */
export class UpdateGroup extends commandOf<{ groupId: string; request: UpdateGroupRequest; authority: Authority; expectedVersion?: number }>() {}

@CommandHandler(UpdateGroup)
export class UpdateGroupHandler extends PlatformHandler implements ICommandHandler<UpdateGroup> {
  execute({ groupId, request: r, authority, expectedVersion }: UpdateGroup): Promise<void> {
    return decideOnGroup(this.platform, { kind: 'update', groupId, name: r.name, description: r.description || null }, authority, expectedVersion);
  }
}

export class AssignGroupPermissions extends commandOf<{ groupId: string; request: AssignPermissionsRequest; authority: Authority; expectedVersion?: number }>() {}

@CommandHandler(AssignGroupPermissions)
export class AssignGroupPermissionsHandler extends RealtimeHandler implements ICommandHandler<AssignGroupPermissions> {
  async execute({ groupId, request, authority, expectedVersion }: AssignGroupPermissions): Promise<void> {
    await decideOnGroup(this.platform, { kind: 'assign-permissions', groupId, permissions: request.permissions }, authority, expectedVersion);
    await this.realtime.revalidateAll();
  }
}

export class LockGroup extends commandOf<{ groupId: string; authority: Authority }>() {}

@CommandHandler(LockGroup)
export class LockGroupHandler extends RealtimeHandler implements ICommandHandler<LockGroup> {
  async execute({ groupId, authority }: LockGroup): Promise<void> {
    await decideOnGroup(this.platform, { kind: 'lock', groupId }, authority);
    await this.realtime.revalidateAll();
  }
}

export class UnlockGroup extends commandOf<{ groupId: string; authority: Authority }>() {}

@CommandHandler(UnlockGroup)
export class UnlockGroupHandler extends PlatformHandler implements ICommandHandler<UnlockGroup> {
  execute({ groupId, authority }: UnlockGroup): Promise<void> {
    return decideOnGroup(this.platform, { kind: 'unlock', groupId }, authority);
  }
}

export const GROUP_COMMAND_HANDLERS = [CreateGroupHandler, UpdateGroupHandler, AssignGroupPermissionsHandler, LockGroupHandler, UnlockGroupHandler];
