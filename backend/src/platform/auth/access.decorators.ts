import { SetMetadata } from '@nestjs/common';
import type { PermissionCode, RouteAccess } from '@rfid/contracts';

/**
 * Every route declares who may call it, with exactly one of these; the global guard refuses a route
 * that declares none, and the route-permission test lists them all.
 */
export const ACCESS_KEY = 'rfid:access';
export type Access = RouteAccess;

/** No token needed (sign-in, health). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/** Any signed-in user (own profile, sign-out, own notifications). */
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies Access);
/** A signed-in user whose group holds the permission. */
export const RequirePermission = (code: PermissionCode) => SetMetadata(ACCESS_KEY, { kind: 'permission', code } satisfies Access);
/**
 * A signed-in user whose group holds at least one of the permissions: a look-up that several screens
 * read is readable by whoever may use any of them (contracts' lookups.ts declares who).
 */
export const RequireAnyPermission = (codes: readonly PermissionCode[]) => SetMetadata(ACCESS_KEY, { kind: 'any-permission', codes } satisfies Access);

/** The permissions that let a caller through a route, for the guard and the route-permission test. */
export function codesOf(access: Access): readonly PermissionCode[] {
  return access.kind === 'permission' ? [access.code] : access.kind === 'any-permission' ? access.codes : [];
}
