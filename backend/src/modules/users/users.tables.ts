import type { UserGroupsTable, UsersTable } from './user-views/user-views.tables.js';
import type { AuthSessionsTable } from './auth/sessions.tables.js';

/** Not event-sourced: a password hash is a secret, kept out of the event log that auditors replay and export. */
export interface UserCredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Date;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  first_failed_at: Date;
  locked_until: Date | null;
}

/** The tables the users module owns (groups, users, sign-in sessions, credentials, throttled sign-ins); other modules use its query functions. */
export interface UsersTables {
  user_groups: UserGroupsTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  user_credentials: UserCredentialsTable;
  login_throttle: LoginThrottleTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends UsersTables {}
}
