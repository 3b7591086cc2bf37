import { sql } from 'kysely';
import type { Db, Tx } from '../database/database.js';
import { AppError } from '../errors/app-error.js';
import type { EventStore } from '../event-store/event-store.js';
import type { AppendResult, NewEvent, StoredEvent } from '../event-store/types.js';

/** How a stream's events fold into the state its commands decide on: a pure `evolve`, and the stream's name. */
export interface StreamModel<S, E extends NewEvent> {
  streamType: string;
  streamId(id: string): string;
  initial: S;
  evolve(state: S, event: E): S;
}

/**
 * What a decision may use besides the state: the command's transaction, to read what other modules
 * export (a query function) under the locks the command holds.
 */
export interface DecideContext {
  tx: Tx;
}

export interface CommandOptions {
  /** The version the caller saw (an edit form): any other is CONCURRENCY_CONFLICT, never a lost update. */
  expectedVersion?: number;
  /**
   * Other streams whose commands must wait while this one decides. A link of a tag locks the sample
   * it names: a deletion of that sample (which locks it too) then runs before or after the link,
   * never between the link's check and its append.
   */
  alsoLock?: readonly string[];
  /** Join the caller's transaction instead of opening one. */
  tx?: Tx;
}

/**
 * The one way a command changes the system: lock, load, decide, append.
 *
 * 1. Lock: every stream the command writes (and the `alsoLock` ones) is locked for the transaction,
 *    in one order for all commands, so two commands on one stream run one after the other and each
 *    decides on what the one before it wrote: 20 links of one tag at once, one links and the others
 *    see it LINKED. Nothing waits on a read: the locks are the event store's, not rows of read models.
 * 2. Load: the stream's events folded by the model's `evolve`.
 * 3. Decide: the module's pure `decide` (given the state, and the transaction for cross-module reads).
 * 4. Append: with the version loaded as the expected version, in the same transaction as the inline
 *    projections. No events, no append.
 */
export class StreamCommands {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  /** A command on one stream. */
  async execute<S, E extends NewEvent>(
    model: StreamModel<S, E>,
    id: string,
    decide: (state: S, ctx: DecideContext) => E[] | Promise<E[]>,
    opts: CommandOptions = {},
  ): Promise<AppendResult | undefined> {
    const [result] = await this.executeOnEach(model, [id], async ([state], ctx) => [await decide(state!, ctx)], opts);
    return result;
  }

  /**
   * One command on several streams of a model, all or none: `decide` sees every state (in the order
   * of `ids`) and answers the events of each. `expectedVersion` applies to each stream.
   */
  async executeOnEach<S, E extends NewEvent>(
    model: StreamModel<S, E>,
    ids: readonly string[],
    decide: (states: readonly S[], ctx: DecideContext) => E[][] | Promise<E[][]>,
    opts: CommandOptions = {},
  ): Promise<(AppendResult | undefined)[]> {
    const run = async (tx: Tx) => {
      const streamIds = ids.map((id) => model.streamId(id));
      await lockStreams(tx, [...streamIds, ...(opts.alsoLock ?? [])]);
      const loaded: { state: S; version: number }[] = [];
      for (const id of ids) loaded.push(await this.load(model, id, tx));
      const decided = await decide(
        loaded.map((l) => l.state),
        { tx },
      );
      // The decision comes before the version check: a record that does not exist (or is not what the
      // caller names) answers its own not-found error, not a conflict.
      if (opts.expectedVersion !== undefined) {
        loaded.forEach(({ version }, i) => {
          if (version !== opts.expectedVersion) throw new AppError('CONCURRENCY_CONFLICT', { streamId: streamIds[i], expected: opts.expectedVersion, actual: version });
        });
      }
      const results: (AppendResult | undefined)[] = [];
      for (const [i, events] of decided.entries()) {
        const { version } = loaded[i]!;
        results.push(
          events.length === 0
            ? undefined
            : await this.store.append(streamIds[i]!, model.streamType, events, { expectedVersion: version === 0 ? 'no_stream' : version, tx }),
        );
      }
      return results;
    };
    return opts.tx ? run(opts.tx) : this.db.transaction().execute(run);
  }

  /**
   * Many new streams at once (an import, a bulk registration): each stream's events are decided on
   * the model's initial state, and all are appended in a few statements per thousand streams. New
   * streams need no lock: a stream that exists already is a CONCURRENCY_CONFLICT naming it, and
   * nothing is written.
   */
  async create<S, E extends NewEvent>(
    model: StreamModel<S, E>,
    streams: readonly { id: string; decide: (initial: S) => E[] }[],
    opts: { tx?: Tx; onProgress?: (streamsWritten: number, total: number) => void } = {},
  ): Promise<void> {
    await this.store.appendToNewStreams(
      streams.map((s) => ({ streamId: model.streamId(s.id), streamType: model.streamType, events: s.decide(model.initial) })),
      opts,
    );
  }

  /** The state of one stream, its version (0: no such stream) and the events it folded, without a lock: for reads, not decisions. */
  async load<S, E extends NewEvent>(model: StreamModel<S, E>, id: string, tx?: Tx): Promise<{ state: S; version: number; events: StoredEvent[] }> {
    const events = await this.store.readStream(model.streamId(id), { db: tx });
    const state = events.reduce((s, e) => model.evolve(s, { type: e.type, data: e.data } as E), model.initial);
    return { state, version: events.length ? events[events.length - 1]!.streamVersion : 0, events };
  }
}

/**
 * Locks streams until the transaction ends (PostgreSQL advisory locks keyed by the stream id's
 * 64-bit hash, taken in key order by lock_streams(), so two commands can never wait on each other in
 * a circle). A stream that does not exist yet is locked the same way.
 */
export async function lockStreams(tx: Tx, streamIds: readonly string[]): Promise<void> {
  if (streamIds.length) await sql`select lock_streams(${[...streamIds]}::text[])`.execute(tx);
}
