import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  assignPermissionsRequest,
  createGroupRequest,
  expectedVersionQuery,
  groupListQuery,
  groupView,
  listResponse,
  LOOKUP_PERMISSIONS,
  lookupQuery,
  lookupResponse,
  P,
  PERMISSION_AREAS,
  updateGroupRequest,
  type AssignPermissionsRequest,
  type CreateGroupRequest,
  type GroupListQuery,
  type LookupQuery,
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

  /** Declared before `:id`, as every literal path, so that it wins. */
  @Get('lookup')
  @RequireAnyPermission(LOOKUP_PERMISSIONS.userGroups)
  @ApiDoc({
    summary:
      "Groups to choose from (a user's group, the user list's filter): by name or ids, paged; `active=true` (a form's choices): only the unlocked groups you may put a user into (holding no permission you lack)",
    query: lookupQuery,
    response: lookupResponse,
  })
  lookup(@ZodQuery(lookupQuery) query: LookupQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.lookupGroups(query, authorityOf(me));
  }

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

  // The permission catalogue has no lock action for groups: locking a group is an update of it.
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
