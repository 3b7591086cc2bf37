import { Injectable } from '@nestjs/common';
import type { GroupListQuery, GroupView, ListResponse, LookupItem, LookupQuery, UserListQuery, UserView } from '@rfid/contracts';
import { sql, type Selectable } from 'kysely';
import { likePattern, pageOf } from '../../../platform/database/paging.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import type { UserGroupsTable } from '../users.tables.js';

const USER_SORT = { username: 'u.username', fullName: 'u.full_name', createdAt: 'u.created_at', updatedAt: 'u.updated_at', status: 'u.status' } as const;
const GROUP_SORT = { name: 'g.name', createdAt: 'g.created_at', updatedAt: 'g.updated_at', userCount: 'user_count' } as const;

/** Reads of the users and user_groups read models for the administration screens. */
@Injectable()
export class UserQueries {
  constructor(private readonly platform: Platform) {}

  private usersQuery() {
    return this.platform.db
      .selectFrom('users as u')
      .innerJoin('user_groups as g', 'g.id', 'u.group_id')
      .select(['u.id', 'u.username', 'u.full_name', 'u.position', 'u.group_id', 'g.name as group_name', 'u.status', 'u.version', 'u.created_at', 'u.updated_at']);
  }

  async listUsers(q: UserListQuery): Promise<ListResponse<UserView>> {
    let query = this.usersQuery();
    if (q.q) {
      const p = likePattern(q.q);
      query = query.where((eb) => eb.or([eb('u.username', 'ilike', p), eb('u.full_name', 'ilike', p), eb('u.position', 'ilike', p)]));
    }
    if (q.status) query = query.where('u.status', '=', q.status);
    if (q.groupId) query = query.where('u.group_id', '=', q.groupId);
    query = query.orderBy(USER_SORT[q.sort.field], q.sort.dir).orderBy('u.id');
    return pageOf(query, q, toUserView);
  }

  async getUser(id: string): Promise<UserView> {
    const row = await this.usersQuery().where('u.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('USER_NOT_FOUND');
    return toUserView(row);
  }

  private groupsQuery() {
    return this.platform.db
      .selectFrom('user_groups as g')
      .select(['g.id', 'g.name', 'g.description', 'g.permissions', 'g.version', 'g.created_at', 'g.updated_at'])
      .select(sql<number>`(select count(*) from users u where u.group_id = g.id)::int`.as('user_count'));
  }

  async listGroups(q: GroupListQuery): Promise<ListResponse<GroupView>> {
    let query = this.groupsQuery();
    if (q.q) {
      const p = likePattern(q.q);
      query = query.where((eb) => eb.or([eb('g.name', 'ilike', p), eb('g.description', 'ilike', p)]));
    }
    query = query.orderBy(sql.ref(GROUP_SORT[q.sort.field]), q.sort.dir).orderBy('g.id');
    return pageOf(query, q, toGroupView);
  }

  /** A page of the groups to choose from, by name: those whose name holds the search, or those the ids name. */
  lookupGroups(q: LookupQuery): Promise<ListResponse<LookupItem>> {
    let query = this.platform.db.selectFrom('user_groups').select(['id', 'name']);
    if (q.q) query = query.where('name', 'ilike', likePattern(q.q));
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [null as never]);
    return pageOf(query.orderBy('name').orderBy('id'), q, (r) => ({ id: r.id, code: null, name: r.name, active: true }));
  }

  async getGroup(id: string): Promise<GroupView> {
    const row = await this.groupsQuery().where('g.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('GROUP_NOT_FOUND');
    return toGroupView(row);
  }
}

function toUserView(r: {
  id: string;
  username: string;
  full_name: string;
  position: string | null;
  group_id: string;
  group_name: string;
  status: 'ACTIVE' | 'LOCKED';
  version: number;
  created_at: Date;
  updated_at: Date;
}): UserView {
  return {
    id: r.id,
    username: r.username,
    fullName: r.full_name,
    position: r.position,
    groupId: r.group_id,
    groupName: r.group_name,
    status: r.status,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function toGroupView(r: Selectable<UserGroupsTable> & { user_count: number }): GroupView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    userCount: r.user_count,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}
