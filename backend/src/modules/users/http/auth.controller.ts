import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { loginRequest, loginResponse, meResponse, type LoginRequest } from '@rfid/contracts';
import type { Request } from 'express';
import { Public, SignedIn } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiDoc, ZodBody } from '../../../platform/http/zod.js';
import { AuthService } from '../auth/auth.service.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

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
    await this.auth.logout(principal);
  }

  @Get('me')
  @SignedIn()
  @ApiBearerAuth()
  @ApiDoc({ summary: 'The signed-in user and the permission codes of their group', response: meResponse })
  me(@CurrentPrincipal() principal: Principal) {
    return this.auth.me(principal.userId);
  }
}
