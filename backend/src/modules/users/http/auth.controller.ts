import { Req } from '@nestjs/common';
import { API, type ChangeOwnPasswordRequest, type LoginRequest } from '@rfid/contracts';
import type { Request } from 'express';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiController, Route, RouteBody } from '../../../platform/http/api-route.js';
import { AuthService } from '../auth/auth.service.js';
import { UserCommands } from '../commands/user.commands.js';

const R = API.auth;

@ApiController('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UserCommands,
  ) {}

  @Route(R.login)
  login(@RouteBody(R.login) body: LoginRequest, @Req() req: Request) {
    return this.auth.login(body, req.header('user-agent') ?? null);
  }

  @Route(R.logout)
  async logout(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.users.signOut(principal);
  }

  @Route(R.refresh)
  refresh(@CurrentPrincipal() principal: Principal) {
    return this.auth.refresh(principal);
  }

  @Route(R.changeOwnPassword)
  async changeOwnPassword(@CurrentPrincipal() principal: Principal, @RouteBody(R.changeOwnPassword) body: ChangeOwnPasswordRequest): Promise<void> {
    await this.users.changeOwnPassword(principal, body);
  }

  @Route(R.me)
  me(@CurrentPrincipal() principal: Principal) {
    return this.auth.me(principal.userId);
  }
}
