import type { Tx } from '../../../platform/database/database.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { SessionEvent } from '../domain/session.js';

type Of<T extends SessionEvent['type']> = StoredEvent<Extract<SessionEvent, { type: T }>['data']>;

async function endOpenSessions(tx: Tx, userId: string, at: Date, reason: string): Promise<void> {
  await tx
    .updateTable('auth_sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * `auth_sessions`: what the guard checks on every request. Locking a user or changing their password
 * ends their open sessions in the same transaction, so old tokens stop working at once.
 */
export const sessionsProjection: InlineProjection = {
  name: 'sessions',
  tables: ['auth_sessions'],
  handlers: {
    SessionStarted: async (tx, e: Of<'SessionStarted'>) => {
      await tx
        .insertInto('auth_sessions')
        .values({
          id: e.data.sessionId,
          user_id: e.data.userId,
          created_at: e.recordedAt,
          expires_at: new Date(e.data.expiresAt),
          ended_at: null,
          end_reason: null,
          client_ip: e.data.clientIp,
          user_agent: e.data.userAgent,
        })
        .execute();
    },
    SessionEnded: async (tx, e: Of<'SessionEnded'>) => {
      await tx
        .updateTable('auth_sessions')
        .set({ ended_at: e.recordedAt, end_reason: e.data.reason })
        .where('id', '=', e.data.sessionId)
        .where('ended_at', 'is', null)
        .execute();
    },
    UserLocked: (tx, e: StoredEvent<{ userId: string }>) => endOpenSessions(tx, e.data.userId, e.recordedAt, 'user_locked'),
    UserPasswordChanged: (tx, e: StoredEvent<{ userId: string }>) => endOpenSessions(tx, e.data.userId, e.recordedAt, 'password_changed'),
  },
};
