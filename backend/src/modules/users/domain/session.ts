import type { StreamModel } from '../../../platform/event-store/stream-command.js';

/** A sign-in session; its id is the token's `sid`. Expiry is a time, not an event. */
export type SessionEvent =
  | {
      type: 'SessionStarted';
      data: { sessionId: string; userId: string; username: string; expiresAt: string; clientIp: string | null; userAgent: string | null };
    }
  | { type: 'SessionEnded'; data: { sessionId: string; userId: string; reason: 'logout' } };

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
    }
  },
};
