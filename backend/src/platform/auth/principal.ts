import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { PermissionCode } from '@rfid/contracts';

/** The signed-in user behind a request, as the guard found it. */
export interface Principal {
  userId: string;
  sessionId: string;
  username: string;
  fullName: string;
  permissions: Set<PermissionCode>;
  /** When the session ends by itself. */
  expiresAt: Date;
}

export const PRINCIPAL_KEY = 'principal';

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return (ctx.switchToHttp().getRequest() as Record<string, Principal>)[PRINCIPAL_KEY]!;
});
