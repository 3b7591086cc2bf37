/*
 * The users module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
/**
 * A user account's facts. No event holds a credential: a password being set or changed is a fact
 * (who and when are the event's metadata), the hash itself lives in the users module's
 * `user_credentials` table. Events stored before that rule had their `passwordHash` removed by the
 * migration 0010-user-credentials.
 */
export type UserEvent =
  | { type: 'UserCreated'; data: { userId: string; username: string; fullName: string; position: string | null; groupId: string } }
  | { type: 'UserUpdated'; data: { userId: string; fullName: string; position: string | null; groupId: string } }
  | { type: 'UserLocked'; data: { userId: string } }
  | { type: 'UserUnlocked'; data: { userId: string } }
  | {
      type: 'UserPasswordChanged';
      /** `bySelf`: the user changed their own password; `keptSessionId`: the session that did it stays open, the others end. */
      data: { userId: string; bySelf?: boolean; keptSessionId?: string | null };
    };

/** A sign-in session; its id is the token's `sid`. Expiry is a time, not an event. */
export type SessionEvent =
  | {
      type: 'SessionStarted';
      data: { sessionId: string; userId: string; username: string; expiresAt: string; clientIp: string | null; userAgent: string | null };
    }
  | { type: 'SessionEnded'; data: { sessionId: string; userId: string; reason: 'logout' } }
  /** A session kept alive (a wall screen): it now ends by itself at the new time. */
  | { type: 'SessionExtended'; data: { sessionId: string; userId: string; expiresAt: string } };

export type GroupEvent =
  | { type: 'GroupCreated'; data: { groupId: string; name: string; description: string | null; permissions: string[] } }
  | { type: 'GroupUpdated'; data: { groupId: string; name: string; description: string | null } }
  | { type: 'GroupPermissionsAssigned'; data: { groupId: string; permissions: string[] } }
  | { type: 'GroupLocked'; data: { groupId: string } }
  | { type: 'GroupUnlocked'; data: { groupId: string } };
