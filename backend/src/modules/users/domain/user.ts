import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';

export type UserEvent =
  | {
      type: 'UserCreated';
      data: { userId: string; username: string; fullName: string; position: string | null; groupId: string; passwordHash: string };
    }
  | { type: 'UserUpdated'; data: { userId: string; fullName: string; position: string | null; groupId: string } }
  | { type: 'UserLocked'; data: { userId: string } }
  | { type: 'UserUnlocked'; data: { userId: string } }
  | { type: 'UserPasswordChanged'; data: { userId: string; passwordHash: string } };

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
  | { kind: 'create'; userId: string; username: string; fullName: string; position: string | null; groupId: string; passwordHash: string }
  | { kind: 'update'; userId: string; fullName: string; position: string | null; groupId: string }
  | { kind: 'lock'; userId: string }
  | { kind: 'unlock'; userId: string }
  | { kind: 'change-password'; userId: string; passwordHash: string };

/** The rules of a user account. Repeating a lock or an unchanged update is not an error: it changes nothing. */
export function decideUser(state: UserState, cmd: UserCommand): UserEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('USERNAME_EXIST');
    const { kind: _k, ...data } = cmd;
    return [{ type: 'UserCreated', data }];
  }
  if (!state.exists) throw new AppError('USER_NOT_FOUND');
  switch (cmd.kind) {
    case 'update':
      if (cmd.fullName === state.fullName && cmd.position === state.position && cmd.groupId === state.groupId) return [];
      return [{ type: 'UserUpdated', data: { userId: cmd.userId, fullName: cmd.fullName, position: cmd.position, groupId: cmd.groupId } }];
    case 'lock':
      return state.status === 'LOCKED' ? [] : [{ type: 'UserLocked', data: { userId: cmd.userId } }];
    case 'unlock':
      return state.status === 'ACTIVE' ? [] : [{ type: 'UserUnlocked', data: { userId: cmd.userId } }];
    case 'change-password':
      return [{ type: 'UserPasswordChanged', data: { userId: cmd.userId, passwordHash: cmd.passwordHash } }];
  }
}
