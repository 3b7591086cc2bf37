import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  changePasswordRequest,
  createUserRequest,
  expectedVersionQuery,
  listResponse,
  P,
  updateUserRequest,
  userListQuery,
  userView,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserListQuery,
} from '@rfid/contracts';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
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
  list(@ZodQuery(userListQuery) query: UserListQuery) {
    return this.queries.listUsers(query);
  }

  @Get(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_LIST)
  @ApiDoc({ summary: 'One user', params: ['id'], response: userView })
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.getUser(id);
  }

  @Post()
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_CREATE)
  @ApiDoc({ summary: 'Create a user', body: createUserRequest, response: userView })
  async create(@ZodBody(createUserRequest) body: CreateUserRequest) {
    const { id } = await this.commands.create(body);
    return this.queries.getUser(id);
  }

  @Put(':id')
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_UPDATE)
  @ApiDoc({ summary: 'Update a user; `expectedVersion` refuses the change if someone changed the user meanwhile', params: ['id'], body: updateUserRequest, query: expectedVersionQuery, response: userView })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateUserRequest) body: UpdateUserRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.update(id, body, expectedVersion);
    return this.queries.getUser(id);
  }

  @Post(':id/lock')
  @HttpCode(200)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_LOCK)
  @ApiDoc({ summary: 'Lock a user: sign-in refused and open sessions ended at once', params: ['id'], response: userView })
  async lock(@ZodParam('id', uuidParam) id: string) {
    await this.commands.lock(id);
    return this.queries.getUser(id);
  }

  @Post(':id/unlock')
  @HttpCode(200)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_UNLOCK)
  @ApiDoc({ summary: 'Unlock a user', params: ['id'], response: userView })
  async unlock(@ZodParam('id', uuidParam) id: string) {
    await this.commands.unlock(id);
    return this.queries.getUser(id);
  }

  @Put(':id/password')
  @HttpCode(204)
  @RequirePermission(P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD)
  @ApiDoc({ summary: "Set a user's password; their open sessions end", params: ['id'], body: changePasswordRequest })
  async changePassword(@ZodParam('id', uuidParam) id: string, @ZodBody(changePasswordRequest) body: ChangePasswordRequest): Promise<void> {
    await this.commands.changePassword(id, body);
  }
}
