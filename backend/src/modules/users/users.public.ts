/*
 * What other modules may use of users: their published events, which processors elsewhere follow,
 * the members of a group, the names of users, groups and sessions for a log, and the sign-in throttle
 * (the readers' MQTT sign-in follows the same rules and settings). No other module names the users
 * module's tables.
 */
import type { DbOrTx } from '../../platform/database/database.js';
import type { RecordNames } from '../../platform/event-store/record-names.js';
import { groupModel } from './domain/group.js';
import { sessionModel } from './domain/session.js';
import { userModel } from './domain/user.js';

export { LoginThrottle } from './auth/login-throttle.js';

/** A user is named by its username, a group by its name, a sign-in session by its user's username. */
export const USERS_RECORD_NAMES: readonly RecordNames[] = [
  {
    streamType: userModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute()).map((r) => [r.id, r.username])),
  },
  {
    streamType: groupModel.streamType,
    lookUp: async (db, ids) => new Map((await db.selectFrom('user_groups').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, r.name])),
  },
  {
    streamType: sessionModel.streamType,
    lookUp: async (db, ids) =>
      new Map(
        (await db.selectFrom('auth_sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select(['s.id', 'u.username']).where('s.id', 'in', ids).execute()).map((r) => [r.id, r.username]),
      ),
  },
];

/** A group's name and the ids of its members as they are now (`except` left out), in id order; undefined: no such group. */
export async function groupMembers(db: DbOrTx, groupId: string, except?: string | null): Promise<{ groupName: string; memberIds: string[] } | undefined> {
  const group = await db.selectFrom('user_groups').select('name').where('id', '=', groupId).executeTakeFirst();
  if (!group) return undefined;
  let members = db.selectFrom('users').select('id').where('group_id', '=', groupId);
  if (except) members = members.where('id', '!=', except);
  return { groupName: group.name, memberIds: (await members.orderBy('id').execute()).map((m) => m.id) };
}

/** Users by id (those that exist), with what another module shows of them: username and full name. */
export async function userSummaries(db: DbOrTx, ids: readonly string[]): Promise<Map<string, { id: string; username: string; fullName: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username', 'full_name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, username: r.username, fullName: r.full_name }]));
}

/**
 * Every user's username, full name and search key (username, full name and position, as the user list
 * searches them), as a subquery another module joins: `.innerJoin(userNames(db).as('u'), 'u.id', 'c.user_id')`.
 */
export function userNames(db: DbOrTx) {
  return db.selectFrom('users').select(['id', 'username', 'full_name', 'search_key']);
}
