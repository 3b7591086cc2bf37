import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import type { Tx } from '../../../platform/database/database.js';
import type { Database } from '../../../platform/database/schema.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { GroupEvent } from '../users.events.js';
import type { UserEvent } from '../users.events.js';
import { versionStamp } from '../../../platform/projections/projection-rows.js';
import type { Updateable } from 'kysely';

registerConstraintErrors({
  users_username_key: 'USERNAME_EXIST',
  user_groups_name_key: 'ROLE_NAME_EXISTS',
  users_group_id_fkey: 'GROUP_NOT_FOUND',
});

type Of<E extends { type: string; data: unknown }, T extends E['type']> = StoredEvent<Extract<E, { type: T }>['data']>;

/** What the user list's text search compares: username, full name and position. */
export function userSearchKey(u: { username: string; full_name: string; position: string | null }): string {
  return searchKey(u.username, u.full_name, u.position);
}

/** What the group list's text search compares: name and description. */
export function groupSearchKey(g: { name: string; description: string | null }): string {
  return searchKey(g.name, g.description);
}

/** A user's username, which an update does not carry but the search key holds. */
async function usernameOf(tx: Tx, userId: string): Promise<string> {
  return (await tx.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()).username;
}

/** A user's or a group's row as an event of its stream changes it: these columns, its version and time. */
async function updateRow<T extends 'users' | 'user_groups'>(tx: Tx, table: T, id: string, e: StoredEvent, set: Updateable<Database[T]>): Promise<void> {
  // both tables have the id, version and time; the callers below type each table's own columns
  await tx
    .updateTable(table as 'users')
    .set({ ...set, ...versionStamp(e) } as Updateable<Database['users']>)
    .where('id', '=', id)
    .execute();
}
const updateUser = (tx: Tx, e: StoredEvent<{ userId: string }>, set: Updateable<Database['users']>) => updateRow(tx, 'users', e.data.userId, e, set);
const updateGroup = (tx: Tx, e: StoredEvent<{ groupId: string }>, set: Updateable<Database['user_groups']>) => updateRow(tx, 'user_groups', e.data.groupId, e, set);

/** The `users` and `user_groups` tables the administration screens list and sign-in reads. */
export const usersProjection: InlineProjection = {
  name: 'users',
  tables: ['users', 'user_groups'],
  handlers: {
    GroupCreated: async (tx, e: Of<GroupEvent, 'GroupCreated'>) => {
      await tx
        .insertInto('user_groups')
        .values({
          id: e.data.groupId,
          name: e.data.name,
          description: e.data.description,
          permissions: e.data.permissions,
          search_key: groupSearchKey(e.data),
          created_at: e.recordedAt,
          ...versionStamp(e),
        })
        .execute();
    },
    GroupUpdated: (tx, e: Of<GroupEvent, 'GroupUpdated'>) => updateGroup(tx, e, { name: e.data.name, description: e.data.description, search_key: groupSearchKey(e.data) }),
    GroupPermissionsAssigned: (tx, e: Of<GroupEvent, 'GroupPermissionsAssigned'>) => updateGroup(tx, e, { permissions: e.data.permissions }),
    UserCreated: async (tx, e: Of<UserEvent, 'UserCreated'>) => {
      await tx
        .insertInto('users')
        .values({
          id: e.data.userId,
          username: e.data.username,
          full_name: e.data.fullName,
          position: e.data.position,
          group_id: e.data.groupId,
          status: 'ACTIVE',
          search_key: userSearchKey({ username: e.data.username, full_name: e.data.fullName, position: e.data.position }),
          created_at: e.recordedAt,
          ...versionStamp(e),
        })
        .execute();
    },
    UserUpdated: async (tx, e: Of<UserEvent, 'UserUpdated'>) => {
      const row = { username: await usernameOf(tx, e.data.userId), full_name: e.data.fullName, position: e.data.position };
      await updateUser(tx, e, { full_name: row.full_name, position: row.position, group_id: e.data.groupId, search_key: userSearchKey(row) });
    },
    UserLocked: (tx, e: Of<UserEvent, 'UserLocked'>) => updateUser(tx, e, { status: 'LOCKED' }),
    UserUnlocked: (tx, e: Of<UserEvent, 'UserUnlocked'>) => updateUser(tx, e, { status: 'ACTIVE' }),
    // A password change is on the user's record (its version and time) but changes no column of it.
    UserPasswordChanged: (tx, e: Of<UserEvent, 'UserPasswordChanged'>) => updateUser(tx, e, {}),
    GroupLocked: (tx, e: Of<GroupEvent, 'GroupLocked'>) => updateGroup(tx, e, { status: 'LOCKED' }),
    GroupUnlocked: (tx, e: Of<GroupEvent, 'GroupUnlocked'>) => updateGroup(tx, e, { status: 'ACTIVE' }),
  },
};
