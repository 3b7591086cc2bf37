import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  changePasswordRequest,
  createUserRequest,
  expectedVersionQuery,
  listResponse,
  LOOKUP_PERMISSIONS,
  lookupQuery,
  lookupResponse,
  P,
  updateUserRequest,
  userListQuery,
  userView,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type LookupQuery,
  type UpdateUserRequest,
  type UserListQuery,
} from '@rfid/contracts';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { authorityOf } from '../domain/authority.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { UserCommands } from '../commands/user.commands.js';
import { UserQueries } from '../queries/users.queries.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly commands: UserCommands,
    private readonly queries: UserQueries,
  ) {}

  @Get()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_LIST)
  @ApiDoc({ summary: 'List users (paged, filtered, sorted)', query: userListQuery, response: listResponse(userView) })
  list(@ZodQuery(userListQuery) query: UserListQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.listUsers(query, authorityOf(me));
  }

  /** Declared before `:id`, as every literal path, so that it wins. */
  @Get('lookup')
  @RequireAnyPermission(LOOKUP_PERMISSIONS.users)
  @ApiDoc({
    summary: "Users to choose from (a reader's users): by username or full name, or by ids, paged; `active=true` (a form's choices): only the users not locked",
    query: lookupQuery,
    response: lookupResponse,
  })
  lookup(@ZodQuery(lookupQuery) query: LookupQuery) {
    return this.queries.lookupUsers(query);
  }

  @Get(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_LIST)
  @ApiDoc({ summary: 'One user', params: ['id'], response: userView })
  detail(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() me: Principal) {
    return this.queries.getUser(id, authorityOf(me));
  }

  @Post()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_CREATE)
  @ApiDoc({ summary: 'Create a user', body: createUserRequest, response: userView })
  async create(@ZodBody(createUserRequest) body: CreateUserRequest, @CurrentPrincipal() me: Principal) {
    const { id } = await this.commands.create(body, authorityOf(me));
    return this.queries.getUser(id, authorityOf(me));
  }

  @Put(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_UPDATE)
  @ApiDoc({ summary: 'Update a user; `expectedVersion` refuses the change if someone changed the user meanwhile', params: ['id'], body: updateUserRequest, query: expectedVersionQuery, response: userView })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateUserRequest) body: UpdateUserRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.update(id, body, authorityOf(me), expectedVersion);
    return this.queries.getUser(id, authorityOf(me));
  }

  @Post(':id/lock')
  @HttpCode(200)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_LOCK)
  @ApiDoc({
    summary:
      'Lock a user: sign-in refused and open sessions ended at once. Refused: yourself (CANNOT_LOCK_SELF), a user holding permissions you lack (USER_HAS_PERMISSIONS_NOT_HELD), the last active administrator (LAST_ADMINISTRATOR)',
    params: ['id'],
    response: userView,
  })
  async lock(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.lock(id, authorityOf(me));
    return this.queries.getUser(id, authorityOf(me));
  }

  @Post(':id/unlock')
  @HttpCode(200)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_UNLOCK)
  @ApiDoc({ summary: 'Unlock a user', params: ['id'], response: userView })
  async unlock(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.unlock(id, authorityOf(me));
    return this.queries.getUser(id, authorityOf(me));
  }

  @Put(':id/password')
  @HttpCode(204)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD)
  @ApiDoc({ summary: "Set a user's password; their open sessions end", params: ['id'], body: changePasswordRequest })
  async changePassword(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(changePasswordRequest) body: ChangePasswordRequest,
    @CurrentPrincipal() me: Principal,
  ): Promise<void> {
    await this.commands.changePassword(id, body, authorityOf(me));
  }
}
