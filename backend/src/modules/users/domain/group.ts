import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';

export type GroupEvent =
  | { type: 'GroupCreated'; data: { groupId: string; name: string; description: string | null; permissions: string[] } }
  | { type: 'GroupUpdated'; data: { groupId: string; name: string; description: string | null } }
  | { type: 'GroupPermissionsAssigned'; data: { groupId: string; permissions: string[] } };

export interface GroupState {
  exists: boolean;
  name: string;
  description: string | null;
  permissions: string[];
}

export const groupModel: StreamModel<GroupState, GroupEvent> = {
  streamType: 'user-group',
  streamId: (id) => `user-group-${id}`,
  initial: { exists: false, name: '', description: null, permissions: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'GroupCreated':
        return { exists: true, name: event.data.name, description: event.data.description, permissions: event.data.permissions };
      case 'GroupUpdated':
        return { ...state, name: event.data.name, description: event.data.description };
      case 'GroupPermissionsAssigned':
        return { ...state, permissions: event.data.permissions };
    }
  },
};

export type GroupCommand =
  | { kind: 'create'; groupId: string; name: string; description: string | null; permissions: string[] }
  | { kind: 'update'; groupId: string; name: string; description: string | null }
  | { kind: 'assign-permissions'; groupId: string; permissions: string[] };

const samePermissions = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((c, i) => c === [...b].sort()[i]);

export function decideGroup(state: GroupState, cmd: GroupCommand): GroupEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('ROLE_NAME_EXISTS');
    const { kind: _k, ...data } = cmd;
    return [{ type: 'GroupCreated', data }];
  }
  if (!state.exists) throw new AppError('GROUP_NOT_FOUND');
  switch (cmd.kind) {
    case 'update':
      if (cmd.name === state.name && cmd.description === state.description) return [];
      return [{ type: 'GroupUpdated', data: { groupId: cmd.groupId, name: cmd.name, description: cmd.description } }];
    case 'assign-permissions':
      if (samePermissions(cmd.permissions, state.permissions)) return [];
      return [{ type: 'GroupPermissionsAssigned', data: { groupId: cmd.groupId, permissions: cmd.permissions } }];
  }
}
