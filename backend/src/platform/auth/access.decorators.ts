import { SetMetadata } from '@nestjs/common';
import type { PermissionCode, RouteAccess } from '@rfid/contracts';

/**
 * Every route declares who may call it (its `access` in contracts' API table, set by `@Route`); the
 * global guard refuses a route that declares none, and the route-permission test lists them all.
 */
export const ACCESS_KEY = 'rfid:access';
export type Access = RouteAccess;

/** No token needed: the platform's own health probe, which is outside the product's API table. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);

/** The permissions that let a caller through a route, for the guard and the route-permission test. */
export function codesOf(access: Access): readonly PermissionCode[] {
  return access.kind === 'permission' ? [access.code] : access.kind === 'any-permission' ? access.codes : [];
}
