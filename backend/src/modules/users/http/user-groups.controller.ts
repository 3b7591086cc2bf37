import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  groupOption,
  assignPermissionsRequest,
  createGroupRequest,
  expectedVersionQuery,
  groupListQuery,
  groupView,
  listResponse,
  P,
  PERMISSION_AREAS,
  updateGroupRequest,
  type AssignPermissionsRequest,
  type CreateGroupRequest,
  type GroupListQuery,
  type UpdateGroupRequest,
} from '@rfid/contracts';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { authorityOf } from '../domain/authority.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { GroupCommands } from '../commands/group.commands.js';
import { UserQueries } from '../queries/users.queries.js';

@ApiTags('user-groups')
@ApiBearerAuth()
@Controller('user-groups')
export class UserGroupsController {
  constructor(
    private readonly commands: GroupCommands,
    private readonly queries: UserQueries,
  ) {}

  @Get()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST)
  @ApiDoc({ summary: 'List user groups', query: groupListQuery, response: listResponse(groupView) })
  list(@ZodQuery(groupListQuery) query: GroupListQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.listGroups(query, authorityOf(me));
  }

  /**
   * The user screens' look-up of groups (the list's filter, the form's choice): readable by whoever may
   * list, create or edit users, without the group screens' own permission. Declared before `:id`.
   */
  @Get('options')
  @RequireAnyPermission(P.SYSTEM_ADMINISTRATION_USER_LIST, P.SYSTEM_ADMINISTRATION_USER_CREATE, P.SYSTEM_ADMINISTRATION_USER_UPDATE)
  @ApiDoc({ summary: 'Every group by name; `assignable`: you may put a user into it (it holds no permission you lack)', response: z.array(groupOption) })
  options(@CurrentPrincipal() me: Principal) {
    return this.queries.groupOptions(authorityOf(me));
  }

  /** Declared before `:id` so the literal path wins. */
  @Get('permission-catalogue')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST)
  @ApiDoc({ summary: 'The permission catalogue as a tree: area → resource → actions' })
  catalogue() {
    return PERMISSION_AREAS;
  }

  @Get(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST)
  @ApiDoc({ summary: 'One user group with its permissions', params: ['id'], response: groupView })
  detail(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() me: Principal) {
    return this.queries.getGroup(id, authorityOf(me));
  }

  @Post()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_CREATE)
  @ApiDoc({ summary: 'Create a user group', body: createGroupRequest, response: groupView })
  async create(@ZodBody(createGroupRequest) body: CreateGroupRequest, @CurrentPrincipal() me: Principal) {
    const { id } = await this.commands.create(body, authorityOf(me));
    return this.queries.getGroup(id, authorityOf(me));
  }

  @Put(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE)
  @ApiDoc({ summary: 'Rename or describe a user group', params: ['id'], body: updateGroupRequest, query: expectedVersionQuery, response: groupView })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateGroupRequest) body: UpdateGroupRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.update(id, body, authorityOf(me), expectedVersion);
    return this.queries.getGroup(id, authorityOf(me));
  }

  @Put(':id/permissions')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION)
  @ApiDoc({ summary: "Replace a group's permissions", params: ['id'], body: assignPermissionsRequest, query: expectedVersionQuery, response: groupView })
  async assign(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(assignPermissionsRequest) body: AssignPermissionsRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.assignPermissions(id, body, authorityOf(me), expectedVersion);
    return this.queries.getGroup(id, authorityOf(me));
  }

  // SPEC's permission catalogue has no lock action for groups: locking a group is an update of it.
  @Post(':id/lock')
  @HttpCode(200)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE)
  @ApiDoc({
    summary: "Lock a user group: its members' sign-in is refused (GROUP_LOCKED) and their sessions end. Refused: Administrators, your own group",
    params: ['id'],
    response: groupView,
  })
  async lock(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.lock(id, authorityOf(me));
    return this.queries.getGroup(id, authorityOf(me));
  }

  @Post(':id/unlock')
  @HttpCode(200)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE)
  @ApiDoc({ summary: 'Unlock a user group', params: ['id'], response: groupView })
  async unlock(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.unlock(id, authorityOf(me));
    return this.queries.getGroup(id, authorityOf(me));
  }
}
