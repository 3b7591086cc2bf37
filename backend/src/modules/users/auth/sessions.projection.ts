import type { Tx } from '../../../platform/database/database.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { SessionEvent } from '../users.events.js';

type Of<T extends SessionEvent['type']> = StoredEvent<Extract<SessionEvent, { type: T }>['data']>;

/** Ends the user's open sessions but the one `except` names. */
async function endOpenSessions(tx: Tx, userId: string, at: Date, reason: string, except?: string | null): Promise<void> {
  let q = tx.updateTable('auth_sessions').set({ ended_at: at, end_reason: reason }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (except) q = q.where('id', '!=', except);
  await q.execute();
}

/**
 * `auth_sessions`: what the guard checks on every request. Locking a user or changing their password
 * ends their open sessions in the same transaction, so old tokens stop working at once; a user who
 * changes their own password keeps the session they did it from. A locked group suspends its members'
 * sessions instead (the guard refuses them while the group is locked), so that this table depends only
 * on each session's own user, and a rebuild gives the same rows.
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
    SessionExtended: async (tx, e: Of<'SessionExtended'>) => {
      await tx.updateTable('auth_sessions').set({ expires_at: new Date(e.data.expiresAt) }).where('id', '=', e.data.sessionId).execute();
    },
    UserLocked: (tx, e: StoredEvent<{ userId: string }>) => endOpenSessions(tx, e.data.userId, e.recordedAt, 'user_locked'),
    UserPasswordChanged: (tx, e: StoredEvent<{ userId: string; keptSessionId?: string | null }>) =>
      endOpenSessions(tx, e.data.userId, e.recordedAt, 'password_changed', e.data.keptSessionId),
  },
};
