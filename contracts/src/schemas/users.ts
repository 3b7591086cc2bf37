import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { LIMITS } from '../limits.js';
import { TEXT_PATTERNS } from '../text-patterns.js';
import { isPermissionCode } from '../permissions.js';
import { oneLineText, pagingQuery, savedRecord, searchText, sortQuery, storableText, wholeNumber } from './common.js';

/** The built-in group that always holds every permission (and any added to the catalogue later); never locked. */
export const ADMIN_GROUP_ID = '00000000-0000-4000-8000-000000000001';
/** The built-in group's description as the first start writes it: a screen says it in its own language while nobody has changed it. */
export const ADMIN_GROUP_DESCRIPTION = 'Every permission';

export const userStatus = z.enum(['ACTIVE', 'LOCKED']);
export type UserStatus = z.infer<typeof userStatus>;

export const username = storableText()
  .trim()
  .min(LIMITS.USERNAME_MIN)
  .max(LIMITS.USERNAME_MAX)
  .regex(TEXT_PATTERNS.USERNAME, { message: 'letters, digits and . _ @ - only' });

export const password = storableText()
  .min(LIMITS.PASSWORD_MIN)
  .max(LIMITS.PASSWORD_MAX)
  .regex(TEXT_PATTERNS.NO_SPACES, { message: 'must not contain spaces' });

export const fullName = oneLineText().trim().min(1).max(LIMITS.FULL_NAME_MAX, {
  message: 'You entered more than 30 characters. Please re-enter!',
});
const shortText = storableText().trim().max(LIMITS.TEXT_MAX);

export const createUserRequest = z.object({
  username,
  password,
  fullName,
  position: shortText.optional(),
  groupId: z.uuid(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = z.object({
  fullName,
  position: shortText.optional(),
  groupId: z.uuid(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const changePasswordRequest = z.object({ password });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The signed-in user's own password change: the current password, then the new one. */
export const changeOwnPasswordRequest = z.object({ currentPassword: storableText().min(1).max(LIMITS.PASSWORD_MAX), password });
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordRequest>;

/** The user list's columns; it sorts by creation too, newest first unless asked otherwise. */
export const USER_LIST_COLUMNS = defineListColumns({
  username: { label: 'users.username', sort: true },
  fullName: { label: 'users.full_name', sort: true },
  position: { label: 'users.position' },
  groupName: { label: 'users.group' },
  status: { label: 'users.status', sort: true },
  createdAt: { sort: true },
  updatedAt: { label: 'common.updated_at', sort: true },
});

export const userListQuery = pagingQuery.extend({
  /** Searches the username, full name and position, ignoring case and accents. */
  q: searchText.optional(),
  status: userStatus.optional(),
  groupId: z.uuid().optional(),
  sort: sortQuery(sortColumnKeys(USER_LIST_COLUMNS), 'createdAt:desc'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userView = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  position: z.string().nullable(),
  groupId: z.uuid(),
  groupName: z.string(),
  status: userStatus,
  /**
   * Whether the signed-in user may edit, lock, unlock and set the password of this user: they hold
   * every permission this user's group holds (nobody acts on a user with more power than their own).
   */
  manageable: z.boolean(),
  ...savedRecord,
});
export type UserView = z.infer<typeof userView>;

export const permissionCodes = z
  .array(z.string().refine(isPermissionCode, { message: 'unknown permission code' }))
  .max(500)
  .transform((codes) => [...new Set(codes)].sort());

export const groupName = oneLineText().trim().min(1).max(LIMITS.TEXT_MAX);

export const createGroupRequest = z.object({
  name: groupName,
  description: shortText.optional(),
  permissions: permissionCodes.default([]),
});
export type CreateGroupRequest = z.infer<typeof createGroupRequest>;

export const updateGroupRequest = z.object({ name: groupName, description: shortText.optional() });
export type UpdateGroupRequest = z.infer<typeof updateGroupRequest>;

export const assignPermissionsRequest = z.object({ permissions: permissionCodes });
export type AssignPermissionsRequest = z.infer<typeof assignPermissionsRequest>;

/** The group list's columns; it sorts by creation too. */
export const GROUP_LIST_COLUMNS = defineListColumns({
  name: { label: 'groups.name', sort: true },
  description: { label: 'groups.description' },
  userCount: { label: 'groups.user_count', sort: true },
  permissions: { label: 'groups.permissions' },
  status: { label: 'users.status' },
  createdAt: { sort: true },
  updatedAt: { label: 'common.updated_at', sort: true },
});

export const groupListQuery = pagingQuery.extend({
  /** Searches the name and description, ignoring case and accents. */
  q: searchText.optional(),
  sort: sortQuery(sortColumnKeys(GROUP_LIST_COLUMNS), 'name:asc'),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const groupView = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  status: userStatus,
  /** Whether the signed-in user may change, lock and unlock this group: they hold every permission it holds. */
  manageable: z.boolean(),
  userCount: z.number().int(),
  ...savedRecord,
});
export type GroupView = z.infer<typeof groupView>;

/** Optimistic concurrency: an update may name the version it was made against (`If-Match` style). */
export const expectedVersionQuery = z.object({ expectedVersion: wholeNumber(0).optional() });
