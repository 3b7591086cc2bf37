import type { Generated } from 'kysely';

/** The users' read model: the groups and the users in them. */
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
