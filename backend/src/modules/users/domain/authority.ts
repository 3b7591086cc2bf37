import { isPermissionCode, missingPermissions, type ErrorCode } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';

/**
 * Who acts on users and groups. The rule of the administration screens: nobody gives or uses more
 * power than they hold (contracts' missingPermissions). The system itself (the first start's
 * bootstrap, which creates Administrators and keeps its permissions complete) holds every power.
 */
export type Authority = { kind: 'system' } | { kind: 'user'; userId: string; permissions: ReadonlySet<string> };

export const SYSTEM_AUTHORITY: Authority = { kind: 'system' };

/** The acting user's id, if a user acts. */
export const actingUserId = (authority: Authority): string | undefined => (authority.kind === 'user' ? authority.userId : undefined);

/**
 * Refuses with `code` (naming the permissions lacking) unless the authority holds every one of
 * `needed`. A code no longer in the catalogue grants nothing, so it is not needed either.
 */
export function requireHeld(authority: Authority, needed: Iterable<string>, code: ErrorCode): void {
  const missing = lacking(authority, needed);
  if (missing.length) throw new AppError(code, { missing });
}

/** Whether the authority holds every one of `needed`: what the screens show as actions on a user or group. */
export function holdsEvery(authority: Authority, needed: Iterable<string>): boolean {
  return lacking(authority, needed).length === 0;
}

function lacking(authority: Authority, needed: Iterable<string>): string[] {
  return authority.kind === 'system' ? [] : missingPermissions(authority.permissions, [...needed].filter(isPermissionCode));
}

/** The signed-in user behind a request, as the one who acts. */
export function authorityOf(principal: { userId: string; permissions: ReadonlySet<string> }): Authority {
  return { kind: 'user', userId: principal.userId, permissions: principal.permissions };
}
