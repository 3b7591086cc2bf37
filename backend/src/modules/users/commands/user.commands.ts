import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChangeOwnPasswordRequest, ChangePasswordRequest, CreateUserRequest, UpdateUserRequest } from '@rfid/contracts';
import { hashPassword, verifyPassword } from '../../../platform/auth/password-hasher.js';
import type { Principal } from '../../../platform/auth/principal.js';
import type { Tx } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { authorityOf, type Authority } from '../domain/authority.js';
import { ADMIN_GROUP_ID, groupModel } from '../domain/group.js';
import { decideSession, sessionModel } from '../domain/session.js';
import { decideUser, userModel, type UserCommand, type UserFacts, type UserState } from '../domain/user.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler, RealtimeHandler } from '../../../platform/cqrs/platform-handler.js';

/** The permissions a group holds and whether it is locked (none and not locked for no such group: the append's foreign key then answers GROUP_NOT_FOUND). */
async function groupFacts(tx: Tx, groupId: string): Promise<{ permissions: string[]; locked: boolean }> {
  const row = await tx.selectFrom('user_groups').select(['permissions', 'status']).where('id', '=', groupId).executeTakeFirst();
  return { permissions: row?.permissions ?? [], locked: row?.status === 'LOCKED' };
}

/** Sets a user's password hash: the credentials table, never an event. */
async function storeCredentials(tx: Tx, userId: string, password: string): Promise<void> {
  const row = { user_id: userId, password_hash: await hashPassword(password), updated_at: new Date() };
  await tx
    .insertInto('user_credentials')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: row.password_hash, updated_at: row.updated_at }))
    .execute();
}

/** A user command decided on the user's stream with what its rules need of the groups; it also locks the Administrators group and the group the user is put into. */
async function decideOnUser(platform: Platform, cmd: UserCommand, authority: Authority, opts: { expectedVersion?: number; tx?: Tx } = {}): Promise<void> {
  const targetGroupId = cmd.kind === 'create' || cmd.kind === 'update' ? cmd.groupId : undefined;
  const alsoLock = [ADMIN_GROUP_ID, ...(targetGroupId ? [targetGroupId] : [])].map((id) => groupModel.streamId(id));
  await platform.commands.execute(
    userModel,
    cmd.userId,
    async (state, { tx }) => decideUser(state, cmd, await userFacts(tx, state, cmd.userId, authority, targetGroupId)),
    { ...opts, alsoLock },
  );
}

/** What a user command's rules need: who acts, the permissions of the user's group and of the target group, the other active administrators. */
async function userFacts(tx: Tx, state: UserState, userId: string, authority: Authority, targetGroupId: string | undefined): Promise<UserFacts> {
  const admins = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', ADMIN_GROUP_ID)
    .where('status', '=', 'ACTIVE')
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  const target = targetGroupId ? await groupFacts(tx, targetGroupId) : { permissions: [], locked: false };
  return {
    authority,
    userPermissions: state.exists ? (await groupFacts(tx, state.groupId)).permissions : [],
    groupPermissions: target.permissions,
    groupLocked: target.locked,
    otherActiveAdministrators: Number(admins.n),
  };
}

/*
 * The users module's commands on users, each a message on the CommandBus and its handler: the platform's one way on the user's stream, deciding with who acts (their permissions) and what the rules need of the groups. Every command also locks the Administrators group's stream, so two commands that could each leave it without an active member (two administrators locking each other) run one after the other; and the group a user is put into, so its permissions cannot change while the decision reads them.
 */

export class CreateUser extends commandOf<{ request: CreateUserRequest; authority: Authority }, { id: string }>() {}

@CommandHandler(CreateUser)
export class CreateUserHandler extends PlatformHandler implements ICommandHandler<CreateUser> {
  async execute({ request: r, authority }: CreateUser): Promise<{ id: string }> {
    const userId = randomUUID();
    await this.platform.db.transaction().execute(async (tx) => {
      await decideOnUser(this.platform, { kind: 'create', userId, username: r.username, fullName: r.fullName, position: r.position || null, groupId: r.groupId }, authority, { tx });
      await storeCredentials(tx, userId, r.password);
    });
    return { id: userId };
  }
}

/** `expectedVersion`: the version the form was opened on. */
export class UpdateUser extends commandOf<{ userId: string; request: UpdateUserRequest; authority: Authority; expectedVersion?: number }>() {}

@CommandHandler(UpdateUser)
export class UpdateUserHandler extends RealtimeHandler implements ICommandHandler<UpdateUser> {
  async execute({ userId, request: r, authority, expectedVersion }: UpdateUser): Promise<void> {
    await decideOnUser(this.platform, { kind: 'update', userId, fullName: r.fullName, position: r.position || null, groupId: r.groupId }, authority, { expectedVersion });
    await this.realtime.revalidateUser(userId);
  }
}

export class LockUser extends commandOf<{ userId: string; authority: Authority }>() {}

@CommandHandler(LockUser)
export class LockUserHandler extends RealtimeHandler implements ICommandHandler<LockUser> {
  async execute({ userId, authority }: LockUser): Promise<void> {
    await decideOnUser(this.platform, { kind: 'lock', userId }, authority);
    await this.realtime.revalidateUser(userId);
  }
}

export class UnlockUser extends commandOf<{ userId: string; authority: Authority }>() {}

@CommandHandler(UnlockUser)
export class UnlockUserHandler extends PlatformHandler implements ICommandHandler<UnlockUser> {
  async execute({ userId, authority }: UnlockUser): Promise<void> {
    await decideOnUser(this.platform, { kind: 'unlock', userId }, authority);
  }
}

/** An administrator sets a user's password: every open session of that user ends. */
export class ChangeUserPassword extends commandOf<{ userId: string; request: ChangePasswordRequest; authority: Authority }>() {}

@CommandHandler(ChangeUserPassword)
export class ChangeUserPasswordHandler extends RealtimeHandler implements ICommandHandler<ChangeUserPassword> {
  async execute({ userId, request, authority }: ChangeUserPassword): Promise<void> {
    await this.platform.db.transaction().execute(async (tx) => {
      await decideOnUser(this.platform, { kind: 'change-password', userId, bySelf: false, keptSessionId: null }, authority, { tx });
      await storeCredentials(tx, userId, request.password);
    });
    await this.realtime.revalidateUser(userId);
  }
}

/** The signed-in user changes their own password, giving the current one: their other sessions end, this one stays. */
export class ChangeOwnPassword extends commandOf<{ principal: Principal; request: ChangeOwnPasswordRequest }>() {}

@CommandHandler(ChangeOwnPassword)
export class ChangeOwnPasswordHandler extends RealtimeHandler implements ICommandHandler<ChangeOwnPassword> {
  async execute({ principal, request }: ChangeOwnPassword): Promise<void> {
    await this.platform.db.transaction().execute(async (tx) => {
      const stored = await tx.selectFrom('user_credentials').select('password_hash').where('user_id', '=', principal.userId).executeTakeFirst();
      if (!stored || !(await verifyPassword(request.currentPassword, stored.password_hash))) throw new AppError('CURRENT_PASSWORD_WRONG');
      await decideOnUser(this.platform, { kind: 'change-password', userId: principal.userId, bySelf: true, keptSessionId: principal.sessionId }, authorityOf(principal), { tx });
      await storeCredentials(tx, principal.userId, request.password);
    });
    await this.realtime.revalidateUser(principal.userId);
  }
}

/** Ends the session of this token; its push connections close now, not at the next check. */
export class SignOut extends commandOf<{ principal: Principal }>() {}

@CommandHandler(SignOut)
export class SignOutHandler extends RealtimeHandler implements ICommandHandler<SignOut> {
  async execute({ principal }: SignOut): Promise<void> {
    await this.platform.commands.execute(sessionModel, principal.sessionId, (state) =>
      decideSession(state, { kind: 'end', sessionId: principal.sessionId, userId: principal.userId, reason: 'logout' }),
    );
    await this.realtime.revalidateUser(principal.userId);
  }
}

export const USER_COMMAND_HANDLERS = [CreateUserHandler, UpdateUserHandler, LockUserHandler, UnlockUserHandler, ChangeUserPasswordHandler, ChangeOwnPasswordHandler, SignOutHandler];
