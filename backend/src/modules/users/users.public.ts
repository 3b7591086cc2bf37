/*
 * What other modules may use of users: their published events, which processors elsewhere follow,
 * and the members of a group. No other module names the users module's tables.
 */
import type { DbOrTx } from '../../platform/database/database.js';

export type { GroupEvent } from './domain/group.js';
export type { UserEvent } from './domain/user.js';

/** A group's name and the ids of its members as they are now (`except` left out), in id order; undefined: no such group. */
export async function groupMembers(db: DbOrTx, groupId: string, except?: string | null): Promise<{ groupName: string; memberIds: string[] } | undefined> {
  const group = await db.selectFrom('user_groups').select('name').where('id', '=', groupId).executeTakeFirst();
  if (!group) return undefined;
  let members = db.selectFrom('users').select('id').where('group_id', '=', groupId);
  if (except) members = members.where('id', '!=', except);
  return { groupName: group.name, memberIds: (await members.orderBy('id').execute()).map((m) => m.id) };
}
