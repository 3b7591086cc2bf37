import { Module } from '@nestjs/common';
import { Authenticator } from '../../platform/auth/access.guard.js';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AuthService } from './auth/auth.service.js';
import { GroupCommands } from './commands/group.commands.js';
import { UserCommands } from './commands/user.commands.js';
import { AuthController } from './http/auth.controller.js';
import { UserGroupsController } from './http/user-groups.controller.js';
import { UsersController } from './http/users.controller.js';
import { UserQueries } from './user-views/users.queries.js';

/** Users, user groups, sign-in sessions; also the Authenticator the global guard uses. */
@Module({
  controllers: [AuthController, UsersController, UserGroupsController],
  providers: [
    AuthService,
    { provide: Authenticator, useExisting: AuthService },
    UserQueries,
    AdminBootstrap,
    UserCommands,
    GroupCommands,
  ],
  exports: [Authenticator, AuthService],
})
export class UsersModule {}
