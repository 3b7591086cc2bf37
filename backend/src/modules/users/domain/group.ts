import { ADMIN_GROUP_ID, ALL_PERMISSIONS } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { requireHeld, type Authority } from './authority.js';
import type { GroupEvent } from '../users.events.js';

export { ADMIN_GROUP_ID };
export const ADMIN_GROUP_NAME = 'Administrators';

export interface GroupState {
  exists: boolean;
  name: string;
  description: string | null;
  permissions: string[];
  status: 'ACTIVE' | 'LOCKED';
}

export const groupModel: StreamModel<GroupState, GroupEvent> = {
  streamType: 'user-group',
  streamId: (id) => `user-group-${id}`,
  initial: { exists: false, name: '', description: null, permissions: [], status: 'ACTIVE' },
  evolve(state, event) {
    switch (event.type) {
      case 'GroupCreated':
        return { exists: true, name: event.data.name, description: event.data.description, permissions: event.data.permissions, status: 'ACTIVE' };
      case 'GroupUpdated':
        return { ...state, name: event.data.name, description: event.data.description };
      case 'GroupPermissionsAssigned':
        return { ...state, permissions: event.data.permissions };
      case 'GroupLocked':
        return { ...state, status: 'LOCKED' };
      case 'GroupUnlocked':
        return { ...state, status: 'ACTIVE' };
    }
  },
};

export type GroupCommand =
  | { kind: 'create'; groupId: string; name: string; description: string | null; permissions: string[] }
  | { kind: 'update'; groupId: string; name: string; description: string | null }
  | { kind: 'assign-permissions'; groupId: string; permissions: string[] }
  | { kind: 'lock'; groupId: string }
  | { kind: 'unlock'; groupId: string };

/** What a decision on a group needs besides its stream. */
export interface GroupFacts {
  authority: Authority;
  /** The acting user is a member of this group. */
  actorIsMember: boolean;
}

const samePermissions = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((c, i) => c === [...b].sort()[i]);

/**
 * The rules of a user group. Who may act: nobody grants a permission they do not hold, or changes,
 * locks or unlocks a group that holds one; nobody locks their own group; Administrators always holds
 * every permission and is never locked. A locked group's members cannot sign in.
 */
export function decideGroup(state: GroupState, cmd: GroupCommand, facts: GroupFacts): GroupEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('ROLE_NAME_EXISTS');
    requireHeld(facts.authority, cmd.permissions, 'PERMISSION_NOT_HELD');
    const { kind: _k, ...data } = cmd;
    return [{ type: 'GroupCreated', data }];
  }
  if (!state.exists) throw new AppError('GROUP_NOT_FOUND');
  const administrators = cmd.groupId === ADMIN_GROUP_ID;
  if (cmd.kind === 'lock' && administrators) throw new AppError('ADMIN_GROUP_PROTECTED');
  if (cmd.kind === 'lock' && facts.actorIsMember) throw new AppError('CANNOT_LOCK_SELF');
  requireHeld(facts.authority, state.permissions, 'GROUP_HAS_PERMISSIONS_NOT_HELD');
  switch (cmd.kind) {
    case 'update':
      if (cmd.name === state.name && cmd.description === state.description) return [];
      return [{ type: 'GroupUpdated', data: { groupId: cmd.groupId, name: cmd.name, description: cmd.description } }];
    case 'assign-permissions':
      if (administrators && !samePermissions(cmd.permissions, [...ALL_PERMISSIONS])) throw new AppError('ADMIN_GROUP_PROTECTED');
      requireHeld(facts.authority, cmd.permissions, 'PERMISSION_NOT_HELD');
      if (samePermissions(cmd.permissions, state.permissions)) return [];
      return [{ type: 'GroupPermissionsAssigned', data: { groupId: cmd.groupId, permissions: cmd.permissions } }];
    case 'lock':
      return state.status === 'LOCKED' ? [] : [{ type: 'GroupLocked', data: { groupId: cmd.groupId } }];
    case 'unlock':
      return state.status === 'ACTIVE' ? [] : [{ type: 'GroupUnlocked', data: { groupId: cmd.groupId } }];
  }
}
