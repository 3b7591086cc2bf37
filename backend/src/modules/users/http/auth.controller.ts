import { Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { changeOwnPasswordRequest, loginRequest, loginResponse, meResponse, type ChangeOwnPasswordRequest, type LoginRequest } from '@rfid/contracts';
import type { Request } from 'express';
import { Public, SignedIn } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiDoc, ZodBody } from '../../../platform/http/zod.js';
import { AuthService } from '../auth/auth.service.js';
import { UserCommands } from '../commands/user.commands.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UserCommands,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiDoc({ summary: 'Sign in; answers a bearer token, the user and the permission codes', body: loginRequest, response: loginResponse })
  login(@ZodBody(loginRequest) body: LoginRequest, @Req() req: Request) {
    return this.auth.login(body, req.header('user-agent') ?? null);
  }

  @Post('logout')
  @HttpCode(204)
  @SignedIn()
  @ApiBearerAuth()
  @ApiDoc({ summary: 'Sign out: the token stops working at once' })
  async logout(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.users.signOut(principal);
  }

  @Post('refresh')
  @HttpCode(200)
  @SignedIn()
  @ApiBearerAuth()
  @ApiDoc({ summary: 'Keep the session alive: a new token for the same session, ending a whole token lifetime from now (a wall screen stays signed in)', response: loginResponse })
  refresh(@CurrentPrincipal() principal: Principal) {
    return this.auth.refresh(principal);
  }

  @Put('me/password')
  @HttpCode(204)
  @SignedIn()
  @ApiBearerAuth()
  @ApiDoc({
    summary: 'Change your own password, giving the current one (CURRENT_PASSWORD_WRONG otherwise); your other sessions end, this one stays',
    body: changeOwnPasswordRequest,
  })
  async changeOwnPassword(@CurrentPrincipal() principal: Principal, @ZodBody(changeOwnPasswordRequest) body: ChangeOwnPasswordRequest): Promise<void> {
    await this.users.changeOwnPassword(principal, body);
  }

  @Get('me')
  @SignedIn()
  @ApiBearerAuth()
  @ApiDoc({ summary: 'The signed-in user and the permission codes of their group', response: meResponse })
  me(@CurrentPrincipal() principal: Principal) {
    return this.auth.me(principal.userId);
  }
}
