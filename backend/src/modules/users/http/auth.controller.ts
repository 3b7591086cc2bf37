import { Req } from '@nestjs/common';
import { API, type ChangeOwnPasswordRequest, type LoginRequest } from '@rfid/contracts';
import type { Request } from 'express';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiController, Route, RouteBody } from '../../../platform/http/api-route.js';
import { GetMe, RefreshSession, SignIn } from '../auth/auth.service.js';
import { ChangeOwnPassword, SignOut } from '../commands/user.commands.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.auth;

@ApiController('auth')
export class AuthController extends BusController {
  @Route(R.login)
  login(@RouteBody(R.login) body: LoginRequest, @Req() req: Request) {
    return this.commands.execute(new SignIn({ request: body, userAgent: req.header('user-agent') ?? null }));
  }

  @Route(R.logout)
  async logout(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.commands.execute(new SignOut({ principal }));
  }

  @Route(R.refresh)
  refresh(@CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new RefreshSession({ principal }));
  }

  @Route(R.changeOwnPassword)
  async changeOwnPassword(@CurrentPrincipal() principal: Principal, @RouteBody(R.changeOwnPassword) body: ChangeOwnPasswordRequest): Promise<void> {
    await this.commands.execute(new ChangeOwnPassword({ principal, request: body }));
  }

  @Route(R.me)
  me(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetMe(principal.userId));
  }
}
