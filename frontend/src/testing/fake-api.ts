import { vi } from 'vitest';

/** One request the browser code sent to /api. */
export interface ApiCall {
  method: string;
  /** The path under /api, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  /** The caller's signal: an aborted call is answered with fetch's AbortError, never its answer. */
  signal: AbortSignal | null;
}

/** An answer other than 200 with a JSON body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** Answers one route: a JSON body (200), or a Reply, or a promise of either. */
export type Handler = (call: ApiCall) => unknown;

/**
 * Stands in for the server behind `fetch`: routes are "METHOD /path" (no query string), each answered
 * by its handler; anything else is a 404. Every call is recorded, in order, for the test to read.
 */
export function fakeApi(routes: Record<string, Handler>): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? null,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const respond = async () => {
      // a handler may answer later (a promise): answers that overtake one another
      const answer = await (handler ? handler(call) : new Reply(404, { code: 'NOT_FOUND', message: `no route ${call.method} ${call.path}` }));
      const { status, body } = answer instanceof Reply ? answer : new Reply(200, answer);
      return new Response(body === undefined ? null : JSON.stringify(body), { status: body === undefined && status === 200 ? 204 : status, headers: { 'content-type': 'application/json' } });
    };
    const { signal } = call;
    if (!signal) return respond();
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      respond().then(resolve, reject);
    });
  });
  return { calls };
}
