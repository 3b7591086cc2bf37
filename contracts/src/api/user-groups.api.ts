import { P } from '../permissions.js';
import { LOOKUP_PERMISSIONS, lookupQuery, lookupResponse } from '../lookups.js';
import { listResponse } from '../schemas/common.js';
import { assignPermissionsRequest, createGroupRequest, expectedVersionQuery, groupListQuery, groupView, updateGroupRequest } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The user groups screen's API: groups, their permissions, locking. */
export const USER_GROUPS_API = {
  list: route({
    method: 'GET',
    path: '/user-groups',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST),
    summary: 'List user groups',
    query: groupListQuery,
    response: listResponse(groupView),
  }),
  lookup: route({
    method: 'GET',
    path: '/user-groups/lookup',
    access: access.anyPermission(LOOKUP_PERMISSIONS.userGroups),
    summary: "Groups to choose from (a user's group, the user list's filter): by name or ids, paged; `active=true` (a form's choices): only the unlocked groups you may put a user into (holding no permission you lack)",
    query: lookupQuery,
    response: lookupResponse,
  }),
  catalogue: route({
    method: 'GET',
    path: '/user-groups/permission-catalogue',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST),
    summary: 'The permission catalogue as a tree: area → resource → actions',
  }),
  detail: route({
    method: 'GET',
    path: '/user-groups/:id',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST),
    summary: 'One user group with its permissions',
    response: groupView,
  }),
  create: route({
    method: 'POST',
    path: '/user-groups',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_CREATE),
    summary: 'Create a user group',
    body: createGroupRequest,
    response: groupView,
  }),
  update: route({
    method: 'PUT',
    path: '/user-groups/:id',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE),
    summary: 'Rename or describe a user group',
    query: expectedVersionQuery,
    body: updateGroupRequest,
    response: groupView,
  }),
  assign: route({
    method: 'PUT',
    path: '/user-groups/:id/permissions',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION),
    summary: "Replace a group's permissions",
    query: expectedVersionQuery,
    body: assignPermissionsRequest,
    response: groupView,
  }),
  lock: route({
    method: 'POST',
    path: '/user-groups/:id/lock',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE),
    summary: "Lock a user group: its members' sign-in is refused (GROUP_LOCKED) and their sessions end. Refused: Administrators, your own group",
    response: groupView,
    status: 200,
  }),
  unlock: route({
    method: 'POST',
    path: '/user-groups/:id/unlock',
    access: access.permission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE),
    summary: 'Unlock a user group',
    response: groupView,
    status: 200,
  }),
} as const;
