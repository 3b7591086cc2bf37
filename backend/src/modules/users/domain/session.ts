import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { SessionEvent } from '../users.events.js';

export interface SessionState {
  started: boolean;
  ended: boolean;
  userId: string;
}

export const sessionModel: StreamModel<SessionState, SessionEvent> = {
  streamType: 'session',
  streamId: (id) => `session-${id}`,
  initial: { started: false, ended: false, userId: '' },
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return { started: true, ended: false, userId: event.data.userId };
      case 'SessionEnded':
        return { ...state, ended: true };
      case 'SessionExtended':
        return state;
    }
  },
};

export type SessionCommand =
  | { kind: 'start'; sessionId: string; userId: string; username: string; expiresAt: string; clientIp: string | null; userAgent: string | null }
  | { kind: 'end'; sessionId: string; userId: string; reason: 'logout' }
  | { kind: 'extend'; sessionId: string; userId: string; expiresAt: string };

/** A session starts once and ends once; ending it again changes nothing (a second sign-out of one token); an ended session is never extended. */
export function decideSession(state: SessionState, cmd: SessionCommand): SessionEvent[] {
  if (cmd.kind === 'start') {
    if (state.started) throw new AppError('ID_EXISTS');
    const { kind: _kind, ...data } = cmd;
    return [{ type: 'SessionStarted', data }];
  }
  if (!state.started) throw new AppError('NOT_FOUND');
  if (cmd.kind === 'extend') {
    if (state.ended) throw new AppError('UNAUTHORIZED');
    return [{ type: 'SessionExtended', data: { sessionId: cmd.sessionId, userId: cmd.userId, expiresAt: cmd.expiresAt } }];
  }
  return state.ended ? [] : [{ type: 'SessionEnded', data: { sessionId: cmd.sessionId, userId: cmd.userId, reason: cmd.reason } }];
}
