import { AsyncLocalStorage } from 'node:async_hooks';

/** Who acts, and on whose request: becomes the metadata of every event the request appends. */
export interface Actor {
  kind: 'user' | 'system' | 'reader' | 'cli';
  id: string | null;
  name: string | null;
}

export interface RequestContext {
  correlationId: string;
  source: 'http' | 'mqtt' | 'cli' | 'system';
  clientIp: string | null;
  actor: Actor;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: 'system' };
