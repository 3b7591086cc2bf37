import type { z } from 'zod';
import type { PermissionCode } from '../permissions.js';

/** Who may call a route: exactly one of these; the server refuses a route that declares none. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; code: PermissionCode }
  | { kind: 'any-permission'; codes: readonly PermissionCode[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One route of the API, declared once: the server's handler takes its method, path, access and schemas
 * from it (`@Route`), the OpenAPI document its summary, the browser its path and answer type, the
 * route-permission test its access.
 */
export interface ApiRoute {
  method: HttpMethod;
  /** Under `/api`; path parameters as `:name`. */
  path: string;
  access: RouteAccess;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  response?: z.ZodType;
  /** The schema of a path parameter that is not a record's id (a UUID, unless named here). */
  params?: Record<string, z.ZodType>;
  /** An Excel file answered (`download`), or taken (`upload`, the multipart field "file"). */
  file?: 'download' | 'upload';
  /** Times in the answer are the caller's (its `X-Time-Zone` header): an export, a report's days. */
  timeZone?: true;
  /** A success answered otherwise than POST's 201 (a record made) and the others' 200: a POST acting on a record (200), a deletion that answers nothing (204). */
  status?: 200 | 204;
}

export const routeAccess = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  permission: (code: PermissionCode): RouteAccess => ({ kind: 'permission', code }),
  anyPermission: (codes: readonly PermissionCode[]): RouteAccess => ({ kind: 'any-permission', codes }),
} as const;

/** A route, its literal type kept (path, schemas) for the browser's typed calls. */
export const apiRoute = <const R extends ApiRoute>(r: R): R => r;

/**
 * The two routes that switch a record between ACTIVE and INACTIVE, `POST {path}/deactivate` and
 * `POST {path}/activate`, each answering the record as it is then (repeating one changes nothing).
 */
export function statusSwitchRoutes<const P extends string, const R extends z.ZodType>(path: P, permission: PermissionCode, response: R, summaries: { deactivate: string; activate: string }) {
  const one = <const A extends 'deactivate' | 'activate'>(action: A) =>
    apiRoute({ method: 'POST', path: `${path}/${action}` as `${P}/${A}`, access: routeAccess.permission(permission), summary: summaries[action], response, status: 200 });
  return { deactivate: one('deactivate'), activate: one('activate') };
}

/** The answer a route's caller gets. */
export type AnswerOf<R extends ApiRoute> = R['response'] extends z.ZodType ? z.output<R['response']> : void;

/** The path of a route with its parameters filled in (encoded), under `/api`'s root as the browser calls it. */
export function apiPath(r: Pick<ApiRoute, 'path'>, params: Record<string, string | number> = {}): string {
  return r.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${r.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A list route's default order (`field:dir`), as its query's `sort` falls back to it; none when the query has no sort. */
export function defaultSortOf(r: ApiRoute): string | undefined {
  const sort = r.query?.shape.sort as z.ZodType | undefined;
  if (!sort) return undefined;
  const { field, dir } = sort.parse(undefined) as { field: string; dir: string };
  return `${field}:${dir}`;
}
