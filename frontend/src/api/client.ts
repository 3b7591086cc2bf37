import type { ErrorBody, ErrorCode } from '@rfid/contracts';
import { PATHS } from '../app/route-table';
import { clearSession } from '../auth/session';
import { requestHeaders } from './request-headers';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** The ApiError of a failed answer: the server's code, message and details (ErrorBody), else the HTTP status text. */
export function apiErrorOf(status: number, statusText: string, body: Partial<ErrorBody> | undefined): ApiError {
  return new ApiError(status, body?.code ?? 'INTERNAL_ERROR', body?.message ?? statusText, body?.details);
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

let onUnauthorized: () => void = () => window.location.assign(PATHS.login);
/** The router installs a handler that goes to /login without a full reload, remembering the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * Every call to the API: bearer token, the user's language and time zone, JSON. A 401 or 403 clears the session
 * and goes to /login; other failures throw an ApiError carrying the server's code.
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
  if ((res.status === 401 || res.status === 403) && path !== '/auth/login') {
    clearSession();
    onUnauthorized();
  }
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw apiErrorOf(res.status, res.statusText, body as Partial<ErrorBody> | undefined);
  return body as T;
}

/** SWR's fetcher: the key is the API path with its query string. */
export const fetcher = <T,>(path: string): Promise<T> => api<T>(path);

/**
 * Saves a record: creates it (POST endpoint) or, given the version it was read at, replaces it
 * (PUT endpoint/{id}?expectedVersion=n), so that a change made meanwhile is refused (409), not overwritten.
 */
export function saveRecord(endpoint: string, existing: { id: string; version: number } | undefined, body: unknown): Promise<unknown> {
  return existing
    ? api(`${endpoint}/${existing.id}`, { method: 'PUT', body, query: { expectedVersion: existing.version } })
    : api(endpoint, { method: 'POST', body });
}
