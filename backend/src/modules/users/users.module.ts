import { Module } from '@nestjs/common';
import { Authenticator } from '../../platform/auth/access.guard.js';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AUTH_HANDLERS, AuthService } from './auth/auth.service.js';
import { GROUP_COMMAND_HANDLERS } from './commands/group.commands.js';
import { USER_COMMAND_HANDLERS } from './commands/user.commands.js';
import { AuthController } from './http/auth.controller.js';
import { UserGroupsController } from './http/user-groups.controller.js';
import { UsersController } from './http/users.controller.js';
import { USER_QUERY_HANDLERS, UserQueries } from './user-views/users.queries.js';

/** Users, user groups, sign-in sessions; also the Authenticator the global guard uses. */
@Module({
  controllers: [AuthController, UsersController, UserGroupsController],
  providers: [
    AuthService,
    { provide: Authenticator, useExisting: AuthService },
    ...AUTH_HANDLERS,
    UserQueries,
    ...USER_QUERY_HANDLERS,
    AdminBootstrap,
    ...USER_COMMAND_HANDLERS,
    ...GROUP_COMMAND_HANDLERS,
  ],
  exports: [Authenticator, AuthService],
})
export class UsersModule {}
