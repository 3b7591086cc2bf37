import { API, apiPath, type AnswerOf, type ApiRoute, type ErrorBody, type ErrorCode } from '@rfid/contracts';
import { PATHS } from '../app/route-table';
import { clearSession } from '../auth/session';
import { requestHeaders } from './request-headers';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly details?: unknown,
    /** `details` lists only the first of this many (an import's row errors). */
    readonly detailsTotal?: number,
  ) {
    super(message);
  }
}

/** The ApiError of a failed answer: the server's code, message and details (ErrorBody), else the HTTP status text. */
export function apiErrorOf(status: number, statusText: string, body: Partial<ErrorBody> | undefined): ApiError {
  return new ApiError(status, body?.code ?? 'INTERNAL_ERROR', body?.message ?? statusText, body?.details, body?.detailsTotal);
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * Whether an error answer means the session is over. Every 401 does: no token, an expired or ended
 * session, a locked or deleted user. A 403 does only when its code says the account itself may no
 * longer act (ACCOUNT_LOCKED); a 403 FORBIDDEN says that this one call needs a permission the user's
 * group lacks, and the session goes on (the page shows the message).
 */
export function endsSession(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 403 && code === 'ACCOUNT_LOCKED');
}

let onUnauthorized: () => void = () => window.location.assign(PATHS.login);
/** The router installs a handler that goes to /login without a full reload, remembering the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The ApiError of a failed call (JSON, download or upload). One that ends the session (endsSession)
 * first clears it and goes to /login, once: the calls refused after it find no session left and go nowhere.
 */
export function refusal(status: number, statusText: string, body: unknown): ApiError {
  const error = apiErrorOf(status, statusText, body as Partial<ErrorBody> | undefined);
  if (endsSession(status, error.code) && clearSession()) onUnauthorized();
  return error;
}

/**
 * Every call to the API: bearer token, the user's language and time zone, JSON. A failure throws an ApiError
 * carrying the server's code (refusal: one that ends the session also signs out).
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown; query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...requestHeaders() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, init.query), {
      method: init.method ?? 'GET',
      headers,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
    });
  } catch (err) {
    throw new ApiError(0, 'NETWORK_ERROR', (err as Error).message);
  }
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw path === API.auth.login.path ? apiErrorOf(res.status, res.statusText, body as Partial<ErrorBody>) : refusal(res.status, res.statusText, body);
  return body as T;
}

/** A call of a route of contracts' API table: its path with `params` filled in, its method, typed by its answer. */
export function call<R extends ApiRoute>(route: R, init: { params?: Record<string, string | number>; query?: Query; body?: unknown } = {}): Promise<AnswerOf<R>> {
  return api<AnswerOf<R>>(apiPath(route, init.params), { method: route.method, query: init.query, body: init.body });
}

/** SWR's fetcher: the key is the API path with its query string. */
export const fetcher = <T,>(path: string): Promise<T> => api<T>(path);

/**
 * Saves a record: creates it or, given the version it was read at, replaces it (`?expectedVersion=n`),
 * so that a change made meanwhile is refused (409), not overwritten.
 */
export function saveRecord<C extends ApiRoute, U extends ApiRoute>(
  routes: { create: C; update: U },
  existing: { id: string; version: number } | undefined,
  body: unknown,
): Promise<AnswerOf<C> | AnswerOf<U>> {
  return existing ? call(routes.update, { params: { id: existing.id }, query: { expectedVersion: existing.version }, body }) : call(routes.create, { body });
}
