import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0002 from './migrations/0002-users.js';
import * as migration0010 from './migrations/0010-user-credentials.js';
import * as migration0011 from './migrations/0011-login-throttle.js';
import * as migration0013 from './migrations/0013-users-vietnamese-text.js';
import { usersProjection } from './user-views/users.projection.js';
import { sessionsProjection } from './auth/sessions.projection.js';
import type { UsersTables } from './users.tables.js';

/** The users module's tables (users, user groups and sign-in sessions), their migrations and their inline projections. */
export const usersModule: ModuleDefinition = {
  name: 'users',
  tables: ['user_groups', 'users', 'auth_sessions', 'user_credentials', 'login_throttle'] satisfies (keyof UsersTables)[],
  migrations: { '0002-users': migration0002, '0010-user-credentials': migration0010, '0011-login-throttle': migration0011, '0013-users-vietnamese-text': migration0013 },
  projections: [usersProjection, sessionsProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { UsersTables } from './users.tables.js';
