import type { DbOrTx, Tx } from '../database/database.js';
import { AppError } from '../errors/app-error.js';
import type { EventStore } from './event-store.js';
import type { AppendResult, NewEvent } from './types.js';

/** How a stream's events fold into the state its commands decide on: a pure `evolve`, testable without a database. */
export interface StreamModel<S, E extends NewEvent> {
  streamType: string;
  streamId(id: string): string;
  initial: S;
  evolve(state: S, event: E): S;
}

export async function loadState<S, E extends NewEvent>(
  store: EventStore,
  model: StreamModel<S, E>,
  id: string,
  db?: DbOrTx,
): Promise<{ state: S; version: number }> {
  const events = await store.readStream(model.streamId(id), { db });
  const state = events.reduce((s, e) => model.evolve(s, { type: e.type, data: e.data } as E), model.initial);
  return { state, version: events.length ? events[events.length - 1]!.streamVersion : 0 };
}

/**
 * Load, decide, append: the one shape of every command. `expectedVersion` is the version the caller
 * saw (an edit form); the append itself is guarded by the version loaded, so a concurrent command
 * between load and append is a CONCURRENCY_CONFLICT, never a lost update. No events, no append.
 * The decision comes before the version check: a record that does not exist (or is not what the
 * caller names) is its not-found error, not a conflict.
 */
export async function executeOnStream<S, E extends NewEvent>(
  store: EventStore,
  model: StreamModel<S, E>,
  id: string,
  decide: (state: S) => E[],
  opts: { expectedVersion?: number; tx?: Tx } = {},
): Promise<AppendResult | undefined> {
  const { state, version } = await loadState(store, model, id, opts.tx);
  const events = decide(state);
  if (opts.expectedVersion !== undefined && opts.expectedVersion !== version) {
    throw new AppError('CONCURRENCY_CONFLICT', { streamId: model.streamId(id), expected: opts.expectedVersion, actual: version });
  }
  if (events.length === 0) return undefined;
  return store.append(model.streamId(id), model.streamType, events, {
    expectedVersion: version === 0 ? 'no_stream' : version,
    tx: opts.tx,
  });
}
