import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables. Read models of later modules add their tables here. */
export interface EventsTable {
  global_position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  stream_type: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
  prev_hash: string | null;
  hash: string;
}

export interface UserGroupsTable {
  id: string;
  name: string;
  description: string | null;
  permissions: string[];
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
  password_hash: string;
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

export interface LoginFailuresTable {
  username: string;
  client_ip: string;
  failures: number;
  first_failed_at: Date;
  locked_until: Date | null;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  source_event_id: string;
  message_key: string;
  params: ColumnType<Record<string, string | number | null>, string, string>;
  alert_log_id: string | null;
  reader_host_name: string | null;
  reader_name: string | null;
  created_at: Date;
  seq: Generated<number>;
  read_at: Date | null;
  deleted_at: Date | null;
}

export interface AlertDisablementsTable {
  alert_log_id: string;
  disabled_by: string;
  disabled_by_id: string | null;
  disabled_at: Date;
  reason: string | null;
}

export interface MasterDataItemsTable {
  id: string;
  catalogue: string;
  code: string;
  name: string;
  description: string | null;
  name_key: string;
  code_key: string;
  status: 'ACTIVE' | 'INACTIVE';
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface Database {
  events: EventsTable;
  streams: {
    stream_id: string;
    stream_type: string;
    version: number;
    last_hash: string;
    created_at: Date;
    updated_at: Date;
  };
  processor_checkpoints: {
    name: string;
    transaction_id: string;
    global_position: number;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
  platform_secrets: { name: string; value: string; created_at: ColumnType<Date, never, never> };
  user_groups: UserGroupsTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  login_failures: LoginFailuresTable;
  notifications: NotificationsTable;
  alert_disablements: AlertDisablementsTable;
  master_data_items: MasterDataItemsTable;
}
