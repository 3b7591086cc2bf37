import { Injectable } from '@nestjs/common';
import { ALL_PERMISSIONS, type GroupListQuery, type GroupView, type ListResponse, type LookupItem, type LookupQuery, type UserListQuery, type UserView } from '@rfid/contracts';
import { sql, type Expression, type Selectable } from 'kysely';
import { pageOf } from '../../../platform/database/paging.js';
import { inVietnameseOrder, searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { holdsEvery, type Authority } from '../domain/authority.js';
import type { UserGroupsTable } from './user-views.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

/** The lists' orders: names in Vietnamese order. */
const USER_SORT = {
  username: inVietnameseOrder('u.username'),
  fullName: inVietnameseOrder('u.full_name'),
  createdAt: sql.ref('u.created_at'),
  updatedAt: sql.ref('u.updated_at'),
  status: sql.ref('u.status'),
} satisfies Record<UserListQuery['sort']['field'], Expression<unknown>>;
const GROUP_SORT = {
  name: inVietnameseOrder('g.name'),
  createdAt: sql.ref('g.created_at'),
  updatedAt: sql.ref('g.updated_at'),
  userCount: sql.ref('user_count'),
} satisfies Record<GroupListQuery['sort']['field'], Expression<unknown>>;

/**
 * Reads of the users and user_groups read models for the administration screens. Each user and group
 * says whether the viewer may act on it (`manageable`), by the same rule the commands enforce.
 */
@Injectable()
export class UserQueries {
  constructor(private readonly platform: Platform) {}

  private usersQuery() {
    return this.platform.db
      .selectFrom('users as u')
      .innerJoin('user_groups as g', 'g.id', 'u.group_id')
      .select(['u.id', 'u.username', 'u.full_name', 'u.position', 'u.group_id', 'g.name as group_name', 'g.permissions', 'u.status', 'u.version', 'u.created_at', 'u.updated_at']);
  }

  async listUsers(q: UserListQuery, viewer: Authority): Promise<ListResponse<UserView>> {
    let query = this.usersQuery();
    // username, full name and position, without accents and case
    if (q.q) query = query.where('u.search_key', 'like', searchPattern(q.q));
    if (q.status) query = query.where('u.status', '=', q.status);
    if (q.groupId) query = query.where('u.group_id', '=', q.groupId);
    query = query.orderBy(USER_SORT[q.sort.field], q.sort.dir).orderBy('u.id');
    return pageOf(query, q, (r) => toUserView(r, viewer));
  }

  async getUser(id: string, viewer: Authority): Promise<UserView> {
    const row = await this.usersQuery().where('u.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('USER_NOT_FOUND');
    return toUserView(row, viewer);
  }

  /**
   * A page of the users to choose from, by username: those whose username, full name or position holds
   * the search (as the user list searches), or those the ids name; `active`: only those not locked.
   */
  async lookupUsers(q: LookupQuery): Promise<ListResponse<LookupItem>> {
    let query = this.platform.db.selectFrom('users').select(['id', 'username', 'full_name', 'status']);
    if (q.q) query = query.where('search_key', 'like', searchPattern(q.q));
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [null as never]);
    if (q.active) query = query.where('status', '=', 'ACTIVE');
    return pageOf(query.orderBy(inVietnameseOrder('username')).orderBy('id'), q, (r) => ({ id: r.id, code: r.username, name: r.full_name, active: r.status === 'ACTIVE' }));
  }

  private groupsQuery() {
    return this.platform.db
      .selectFrom('user_groups as g')
      .select(['g.id', 'g.name', 'g.description', 'g.permissions', 'g.status', 'g.version', 'g.created_at', 'g.updated_at'])
      .select(sql<number>`(select count(*) from users u where u.group_id = g.id)::int`.as('user_count'));
  }

  async listGroups(q: GroupListQuery, viewer: Authority): Promise<ListResponse<GroupView>> {
    let query = this.groupsQuery();
    // name and description, without accents and case
    if (q.q) query = query.where('g.search_key', 'like', searchPattern(q.q));
    query = query.orderBy(GROUP_SORT[q.sort.field], q.sort.dir).orderBy('g.id');
    return pageOf(query, q, (r) => toGroupView(r, viewer));
  }

  async getGroup(id: string, viewer: Authority): Promise<GroupView> {
    const row = await this.groupsQuery().where('g.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('GROUP_NOT_FOUND');
    return toGroupView(row, viewer);
  }

  /**
   * A page of the groups to choose from, in Vietnamese order of their names: those the search finds (as
   * the group list's search does), or those the ids name. `active` (a form's choices): only unlocked groups the viewer may put a user into (holding no
   * permission the viewer lacks); a filter offers them all.
   */
  async lookupGroups(q: LookupQuery, viewer: Authority): Promise<ListResponse<LookupItem>> {
    let query = this.platform.db.selectFrom('user_groups').select(['id', 'name', 'status']);
    if (q.q) query = query.where('search_key', 'like', searchPattern(q.q));
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [null as never]);
    if (q.active) {
      query = query.where('status', '=', 'ACTIVE');
      // The rule of holdsEvery(): every permission of the group that is still in the catalogue is the viewer's.
      if (viewer.kind === 'user') {
        query = query.where(
          sql<boolean>`not exists (select 1 from unnest(permissions) p where p = any(${[...ALL_PERMISSIONS]}::text[]) and p <> all(${[...viewer.permissions]}::text[]))`,
        );
      }
    }
    return pageOf(query.orderBy(inVietnameseOrder('name')).orderBy('id'), q, (r) => ({ id: r.id, code: null, name: r.name, active: r.status === 'ACTIVE' }));
  }
}

function toUserView(
  r: {
    id: string;
    username: string;
    full_name: string;
    position: string | null;
    group_id: string;
    group_name: string;
    permissions: string[];
    status: 'ACTIVE' | 'LOCKED';
    version: number;
    created_at: Date;
    updated_at: Date;
  },
  viewer: Authority,
): UserView {
  return {
    id: r.id,
    username: r.username,
    fullName: r.full_name,
    position: r.position,
    groupId: r.group_id,
    groupName: r.group_name,
    status: r.status,
    manageable: holdsEvery(viewer, r.permissions),
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function toGroupView(r: Omit<Selectable<UserGroupsTable>, 'search_key'> & { user_count: number }, viewer: Authority): GroupView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    status: r.status,
    manageable: holdsEvery(viewer, r.permissions),
    userCount: r.user_count,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/*
 * The users' and groups' queries, each a message on the QueryBus and its handler reading the read model above; what a viewer sees of a user or a group depends on their authority.
 */

/** A page of the users. */
export class ListUsers extends answeredBy(UserQueries, (users, query: UserListQuery, viewer: Authority) => users.listUsers(query, viewer)) {}

/** One user. */
export class GetUser extends answeredBy(UserQueries, (users, userId: string, viewer: Authority) => users.getUser(userId, viewer)) {}

/** Users to choose from. */
export class LookUpUsers extends answeredBy(UserQueries, (users, query: LookupQuery) => users.lookupUsers(query)) {}

/** A page of the groups. */
export class ListGroups extends answeredBy(UserQueries, (users, query: GroupListQuery, viewer: Authority) => users.listGroups(query, viewer)) {}

/** One group. */
export class GetGroup extends answeredBy(UserQueries, (users, groupId: string, viewer: Authority) => users.getGroup(groupId, viewer)) {}

/** Groups to choose from. */
export class LookUpGroups extends answeredBy(UserQueries, (users, query: LookupQuery, viewer: Authority) => users.lookupGroups(query, viewer)) {}

export const USER_QUERY_HANDLERS = handlersOf(ListUsers, GetUser, LookUpUsers, ListGroups, GetGroup, LookUpGroups);
