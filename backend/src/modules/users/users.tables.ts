import type { Generated } from 'kysely';

export interface UserGroupsTable {
  id: string;
  name: string;
  description: string | null;
  permissions: string[];
  status: Generated<'ACTIVE' | 'LOCKED'>;
  /** What the group list's text search compares (vietnamese-text): name and description. */
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface UsersTable {
  id: string;
  username: string;
  full_name: string;
  position: string | null;
  group_id: string;
  status: 'ACTIVE' | 'LOCKED';
  /** What the user list's text search compares (vietnamese-text): username, full name and position. */
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  client_ip: string | null;
  user_agent: string | null;
}

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
