import { AsyncLocalStorage } from 'node:async_hooks';

/** Who acts: a signed-in user, a reader, the command line or the system itself. */
export interface Actor {
  kind: 'user' | 'system' | 'reader' | 'cli';
  id: string | null;
  name: string | null;
}

/** Where an action comes from; every event appended while it runs carries it as metadata. */
export type ActionSource = 'http' | 'mqtt' | 'cli' | 'system';

/**
 * The context of one action, whatever its source: an HTTP request, an MQTT message, a command-line
 * run or a job of the system. The event store reads it for the metadata of each event (actor,
 * correlation id, source, client address), so no command has to pass it along by hand.
 */
export interface ActionContext {
  correlationId: string;
  source: ActionSource;
  clientIp: string | null;
  actor: Actor;
}

const storage = new AsyncLocalStorage<ActionContext>();

export function currentContext(): ActionContext | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it awaits) inside `ctx`. */
export function runWithContext<T>(ctx: ActionContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: 'system' };
