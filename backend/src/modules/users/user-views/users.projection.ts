import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import type { Tx } from '../../../platform/database/database.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { GroupEvent } from '../users.events.js';
import type { UserEvent } from '../users.events.js';
import { versionStamp } from '../../../platform/projections/projection-rows.js';

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
    GroupUpdated: async (tx, e: Of<GroupEvent, 'GroupUpdated'>) => {
      await tx
        .updateTable('user_groups')
        .set({ name: e.data.name, description: e.data.description, search_key: groupSearchKey(e.data), ...versionStamp(e) })
        .where('id', '=', e.data.groupId)
        .execute();
    },
    GroupPermissionsAssigned: async (tx, e: Of<GroupEvent, 'GroupPermissionsAssigned'>) => {
      await tx
        .updateTable('user_groups')
        .set({ permissions: e.data.permissions, ...versionStamp(e) })
        .where('id', '=', e.data.groupId)
        .execute();
    },
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
      await tx
        .updateTable('users')
        .set({ full_name: row.full_name, position: row.position, group_id: e.data.groupId, search_key: userSearchKey(row), ...versionStamp(e) })
        .where('id', '=', e.data.userId)
        .execute();
    },
    UserLocked: async (tx, e: Of<UserEvent, 'UserLocked'>) => {
      await tx.updateTable('users').set({ status: 'LOCKED', ...versionStamp(e) }).where('id', '=', e.data.userId).execute();
    },
    UserUnlocked: async (tx, e: Of<UserEvent, 'UserUnlocked'>) => {
      await tx.updateTable('users').set({ status: 'ACTIVE', ...versionStamp(e) }).where('id', '=', e.data.userId).execute();
    },
    // A password change is on the user's record (its version and time) but changes no column of it.
    UserPasswordChanged: async (tx, e: Of<UserEvent, 'UserPasswordChanged'>) => {
      await tx.updateTable('users').set(versionStamp(e)).where('id', '=', e.data.userId).execute();
    },
    GroupLocked: async (tx, e: Of<GroupEvent, 'GroupLocked'>) => {
      await tx.updateTable('user_groups').set({ status: 'LOCKED', ...versionStamp(e) }).where('id', '=', e.data.groupId).execute();
    },
    GroupUnlocked: async (tx, e: Of<GroupEvent, 'GroupUnlocked'>) => {
      await tx.updateTable('user_groups').set({ status: 'ACTIVE', ...versionStamp(e) }).where('id', '=', e.data.groupId).execute();
    },
  },
};
