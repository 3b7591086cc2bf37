import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from '../errors/app-error.js';
import { currentContext } from '../context/action-context.js';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger.js';
import { ACCESS_KEY, type Access } from './access.decorators.js';
import { PRINCIPAL_KEY, type Principal } from './principal.js';

/** Resolves a bearer token to a principal; implemented by the users module. */
export abstract class Authenticator {
  abstract authenticate(token: string): Promise<Principal | undefined>;
}

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1];
}

/**
 * The one place permissions are enforced (the server is their only authority; the browser only
 * shapes its menus with them): each request's token is checked against its
 * session, user and group on every call, so a lock, a sign-out or a permission change applies at once.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const req = context.switchToHttp().getRequest<Request>();
    if (!access) {
      this.logger.error({ url: req.originalUrl }, 'route declares no access rule; refusing');
      throw new AppError('FORBIDDEN');
    }
    if (access.kind === 'public') return true;
    const token = bearerToken(req.header('authorization'));
    const principal = token ? await this.authenticator.authenticate(token) : undefined;
    if (!principal) throw new AppError('UNAUTHORIZED');
    (req as unknown as Record<string, Principal>)[PRINCIPAL_KEY] = principal;
    const ctx = currentContext();
    if (ctx) ctx.actor = { kind: 'user', id: principal.userId, name: principal.username };
    if (access.kind === 'permission' && !principal.permissions.has(access.code)) {
      throw new AppError('FORBIDDEN', { permission: access.code });
    }
    if (access.kind === 'any-permission' && !access.codes.some((code) => principal.permissions.has(code))) {
      throw new AppError('FORBIDDEN', { permission: access.codes });
    }
    return true;
  }
}
