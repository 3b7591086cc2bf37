import { P } from '../permissions.js';
import { LOOKUP_PERMISSIONS, lookupQuery, lookupResponse } from '../lookups.js';
import { listResponse } from '../schemas/common.js';
import { changePasswordRequest, createUserRequest, expectedVersionQuery, updateUserRequest, userListQuery, userView } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The users screen's API. */
export const USERS_API = {
  list: route({
    method: 'GET',
    path: '/users',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_LIST),
    summary: 'List users (paged, filtered, sorted)',
    query: userListQuery,
    response: listResponse(userView),
  }),
  lookup: route({
    method: 'GET',
    path: '/users/lookup',
    access: access.anyPermission(LOOKUP_PERMISSIONS.users),
    summary: "Users to choose from (a reader's users): by username or full name, or by ids, paged; `active=true` (a form's choices): only the users not locked",
    query: lookupQuery,
    response: lookupResponse,
  }),
  detail: route({
    method: 'GET',
    path: '/users/:id',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_LIST),
    summary: 'One user',
    response: userView,
  }),
  create: route({
    method: 'POST',
    path: '/users',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_CREATE),
    summary: 'Create a user',
    body: createUserRequest,
    response: userView,
  }),
  update: route({
    method: 'PUT',
    path: '/users/:id',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_UPDATE),
    summary: 'Update a user; `expectedVersion` refuses the change if someone changed the user meanwhile',
    query: expectedVersionQuery,
    body: updateUserRequest,
    response: userView,
  }),
  lock: route({
    method: 'POST',
    path: '/users/:id/lock',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_LOCK),
    summary: 'Lock a user: sign-in refused and open sessions ended at once. Refused: yourself (CANNOT_LOCK_SELF), a user holding permissions you lack (USER_HAS_PERMISSIONS_NOT_HELD), the last active administrator (LAST_ADMINISTRATOR)',
    response: userView,
    status: 200,
  }),
  unlock: route({
    method: 'POST',
    path: '/users/:id/unlock',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_UNLOCK),
    summary: 'Unlock a user',
    response: userView,
    status: 200,
  }),
  changePassword: route({
    method: 'PUT',
    path: '/users/:id/password',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD),
    summary: "Set a user's password; their open sessions end",
    body: changePasswordRequest,
    status: 204,
  }),
} as const;
