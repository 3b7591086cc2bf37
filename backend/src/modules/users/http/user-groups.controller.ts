import { Controller, Get, Post, Put } from '@nestjs/common';
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
  list(@ZodQuery(groupListQuery) query: GroupListQuery) {
    return this.queries.listGroups(query);
  }

  /** Declared before `:id`, as every literal path, so that it wins. */
  @Get('lookup')
  @RequireAnyPermission(LOOKUP_PERMISSIONS.userGroups)
  @ApiDoc({ summary: "Groups to choose from (a user's group, the user list's filter): by name or ids, paged", query: lookupQuery, response: lookupResponse })
  lookup(@ZodQuery(lookupQuery) query: LookupQuery) {
    return this.queries.lookupGroups(query);
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
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.getGroup(id);
  }

  @Post()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_CREATE)
  @ApiDoc({ summary: 'Create a user group', body: createGroupRequest, response: groupView })
  async create(@ZodBody(createGroupRequest) body: CreateGroupRequest) {
    const { id } = await this.commands.create(body);
    return this.queries.getGroup(id);
  }

  @Put(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE)
  @ApiDoc({ summary: 'Rename or describe a user group', params: ['id'], body: updateGroupRequest, query: expectedVersionQuery, response: groupView })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateGroupRequest) body: UpdateGroupRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.update(id, body, expectedVersion);
    return this.queries.getGroup(id);
  }

  @Put(':id/permissions')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION)
  @ApiDoc({ summary: "Replace a group's permissions", params: ['id'], body: assignPermissionsRequest, query: expectedVersionQuery, response: groupView })
  async assign(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(assignPermissionsRequest) body: AssignPermissionsRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.assignPermissions(id, body, expectedVersion);
    return this.queries.getGroup(id);
  }
}
