import { SetMetadata } from '@nestjs/common';
import type { PermissionCode } from '@rfid/contracts';

/**
 * Every route declares who may call it, with exactly one of these; the global guard refuses a route
 * that declares none, and the route-permission test lists them all.
 */
export const ACCESS_KEY = 'rfid:access';
export type Access = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; code: PermissionCode };

/** No token needed (sign-in, health). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/** Any signed-in user (own profile, sign-out, own notifications). */
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies Access);
/** A signed-in user whose group holds the permission. */
export const RequirePermission = (code: PermissionCode) => SetMetadata(ACCESS_KEY, { kind: 'permission', code } satisfies Access);
