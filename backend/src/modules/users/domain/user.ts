import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { actingUserId, requireHeld, type Authority } from './authority.js';
import { ADMIN_GROUP_ID } from './group.js';
import type { UserEvent } from '../users.events.js';

export interface UserState {
  exists: boolean;
  status: 'ACTIVE' | 'LOCKED';
  fullName: string;
  position: string | null;
  groupId: string;
}

export const userModel: StreamModel<UserState, UserEvent> = {
  streamType: 'user',
  streamId: (id) => `user-${id}`,
  initial: { exists: false, status: 'ACTIVE', fullName: '', position: null, groupId: '' },
  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated':
        return { exists: true, status: 'ACTIVE', fullName: event.data.fullName, position: event.data.position, groupId: event.data.groupId };
      case 'UserUpdated':
        return { ...state, fullName: event.data.fullName, position: event.data.position, groupId: event.data.groupId };
      case 'UserLocked':
        return { ...state, status: 'LOCKED' };
      case 'UserUnlocked':
        return { ...state, status: 'ACTIVE' };
      case 'UserPasswordChanged':
        return state;
    }
  },
};

export type UserCommand =
  | { kind: 'create'; userId: string; username: string; fullName: string; position: string | null; groupId: string }
  | { kind: 'update'; userId: string; fullName: string; position: string | null; groupId: string }
  | { kind: 'lock'; userId: string }
  | { kind: 'unlock'; userId: string }
  | { kind: 'change-password'; userId: string; bySelf: boolean; keptSessionId: string | null };

/** What a decision on a user needs besides the user's own stream, read under the command's locks. */
export interface UserFacts {
  authority: Authority;
  /** The permissions the user holds now, through their group (none for a user not yet created). */
  userPermissions: readonly string[];
  /** The permissions of the group the command puts the user in (create, update). */
  groupPermissions: readonly string[];
  /** Whether that group is locked: nobody is put into a locked group (its members cannot sign in). */
  groupLocked: boolean;
  /** Active members of Administrators besides this user. */
  otherActiveAdministrators: number;
}

/**
 * The rules of a user account. Repeating a lock or an unchanged update is not an error: it changes nothing.
 * Who may act: nobody changes, locks or sets the password of a user who holds a permission they do
 * not hold, or puts a user into a group that holds one or is locked; nobody locks themselves; the
 * last active member of Administrators is neither locked nor moved out of it.
 */
export function decideUser(state: UserState, cmd: UserCommand, facts: UserFacts): UserEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('USERNAME_EXIST');
    if (facts.groupLocked) throw new AppError('GROUP_NOT_FOUND_OR_INACTIVE', { groupId: cmd.groupId });
    requireHeld(facts.authority, facts.groupPermissions, 'GROUP_HAS_PERMISSIONS_NOT_HELD');
    const { kind: _k, ...data } = cmd;
    return [{ type: 'UserCreated', data }];
  }
  if (!state.exists) throw new AppError('USER_NOT_FOUND');
  if (cmd.kind === 'lock' && cmd.userId === actingUserId(facts.authority)) throw new AppError('CANNOT_LOCK_SELF');
  requireHeld(facts.authority, facts.userPermissions, 'USER_HAS_PERMISSIONS_NOT_HELD');
  const lastAdministrator = state.groupId === ADMIN_GROUP_ID && state.status === 'ACTIVE' && facts.otherActiveAdministrators === 0;
  switch (cmd.kind) {
    case 'update':
      if (cmd.fullName === state.fullName && cmd.position === state.position && cmd.groupId === state.groupId) return [];
      if (cmd.groupId !== state.groupId) {
        if (facts.groupLocked) throw new AppError('GROUP_NOT_FOUND_OR_INACTIVE', { groupId: cmd.groupId });
        requireHeld(facts.authority, facts.groupPermissions, 'GROUP_HAS_PERMISSIONS_NOT_HELD');
        if (lastAdministrator) throw new AppError('LAST_ADMINISTRATOR');
      }
      return [{ type: 'UserUpdated', data: { userId: cmd.userId, fullName: cmd.fullName, position: cmd.position, groupId: cmd.groupId } }];
    case 'lock':
      if (state.status === 'LOCKED') return [];
      if (lastAdministrator) throw new AppError('LAST_ADMINISTRATOR');
      return [{ type: 'UserLocked', data: { userId: cmd.userId } }];
    case 'unlock':
      return state.status === 'ACTIVE' ? [] : [{ type: 'UserUnlocked', data: { userId: cmd.userId } }];
    case 'change-password':
      return [{ type: 'UserPasswordChanged', data: { userId: cmd.userId, bySelf: cmd.bySelf, keptSessionId: cmd.keptSessionId } }];
  }
}
