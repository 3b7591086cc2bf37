import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { AdvisoryLease } from '../database/advisory-lease.js';
import type { Db, Tx } from '../database/database.js';
import type { EventStore } from '../event-store/event-store.js';
import { EventNotifier, Subscription } from '../event-store/subscription.js';
import { START, type Cursor, type StoredEvent } from '../event-store/types.js';

/**
 * A side effect driven by the store (notifications, pushes): runs after the fact, from a checkpoint.
 * `handle` gets the transaction that also moves the checkpoint, so an effect written to the database
 * happens exactly once even if the process dies mid-way; an effect outside it made in `handle` at least
 * once (a retried batch repeats it), one made in `afterCommit` at most once.
 */
export interface Processor {
  name: string;
  /** Event types it reacts to; others only move the checkpoint. */
  handles: string[];
  handle(tx: Tx, event: StoredEvent): Promise<void>;
  /**
   * Effects outside the database (a push), with the events `handle` took, once their transaction has
   * committed: what they wrote is then visible to everyone the effect tells. A failure here is logged
   * and not retried (the checkpoint has moved), and a process that dies in between loses the effect.
   */
  afterCommit?(events: StoredEvent[]): Promise<void>;
  /** This server has begun to run it (at start, or taking over from a server gone): effects outside the database that may have been lost with the last runner are made good here. */
  started?(): Promise<void>;
}

/** How often a server that does not run a processor tries to take it: a dead runner's processor moves within this. */
const LEASE_RETRY_MS = 2000;

/**
 * Runs processors. Each holds a PostgreSQL advisory lock on a dedicated connection while it runs, so
 * with several instances of the server exactly one runs each processor; the others wait to take over.
 */
export class ProcessorRunner {
  private readonly running = new Map<string, { stop: () => Promise<void> }>();
  /** The processors this server runs now (holding their leases). */
  private readonly leased = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
  ) {}

  /** How many events each processor this server runs has still to take: what is in the store past its checkpoint. */
  async lag(): Promise<Map<string, number>> {
    const names = [...this.leased];
    if (!names.length) return new Map();
    const { rows } = await sql<{ name: string; lag: string }>`
      select c.name, (select coalesce(max(global_position), 0) from events) - c.global_position as lag
      from processor_checkpoints c where c.name = any(${names}::text[])`.execute(this.db);
    const lag = new Map(names.map((n) => [n, 0]));
    for (const r of rows) lag.set(r.name, Math.max(0, Number(r.lag)));
    return lag;
  }

  static async checkpoint(db: Db | Tx, name: string): Promise<Cursor> {
    const row = await db
      .selectFrom('processor_checkpoints')
      .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) } : START;
  }

  start(processor: Processor, opts: { batchSize?: number; pollIntervalMs?: number } = {}): void {
    if (this.running.has(processor.name)) throw new Error(`processor ${processor.name} already runs`);
    let stopped = false;
    let subscription: Subscription | undefined;
    let lease: AdvisoryLease | undefined;
    let retry: NodeJS.Timeout | undefined;
    const handles = new Set(processor.handles);

    const retryLater = () => {
      if (!stopped) retry = setTimeout(() => void acquire(), LEASE_RETRY_MS);
    };
    // A lease connection that breaks (a terminated backend, a restarted server) has lost the lock:
    // stop, and try to take the lease again.
    const onLeaseLost = (err: Error) => {
      lease = undefined;
      this.leased.delete(processor.name);
      this.logger.warn({ processor: processor.name, err: err.message }, 'processor lease lost; taking it again');
      void subscription?.stop().then(() => {
        subscription = undefined;
        retryLater();
      });
    };

    const acquire = async () => {
      if (stopped) return;
      try {
        const taken = await AdvisoryLease.tryTake(this.pool, `processor:${processor.name}`, onLeaseLost);
        if (!taken || stopped) {
          await taken?.release();
          retryLater();
          return;
        }
        lease = taken;
        this.leased.add(processor.name);
        const from = await ProcessorRunner.checkpoint(this.db, processor.name);
        this.logger.info({ processor: processor.name, from }, 'processor started');
        await processor.started?.().catch((err: unknown) => this.logger.error({ err, processor: processor.name }, 'a processor’s start failed'));
        subscription = new Subscription(this.store, this.notifier, this.logger, {
          name: processor.name,
          from,
          batchSize: opts.batchSize,
          types: processor.handles,
          pollIntervalMs: opts.pollIntervalMs,
          handler: async (events) => {
            const handled = events.filter((e) => handles.has(e.type));
            await this.db.transaction().execute(async (tx) => {
              for (const event of handled) await processor.handle(tx, event);
              const last = events[events.length - 1]!;
              await sql`
                insert into processor_checkpoints (name, transaction_id, global_position, updated_at)
                values (${processor.name}, ${last.transactionId}::xid8, ${last.globalPosition}, now())
                on conflict (name) do update set transaction_id = excluded.transaction_id,
                  global_position = excluded.global_position, updated_at = excluded.updated_at`.execute(tx);
            });
            if (processor.afterCommit && handled.length) {
              await processor.afterCommit(handled).catch((err: unknown) => this.logger.error({ err, processor: processor.name }, 'processor effect after commit failed'));
            }
          },
        });
      } catch (err) {
        await lease?.release();
        lease = undefined;
        this.logger.error({ err, processor: processor.name }, 'processor could not start; retrying');
        retryLater();
      }
    };
    void acquire();

    this.running.set(processor.name, {
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        await subscription?.stop();
        await lease?.release();
        lease = undefined;
        this.leased.delete(processor.name);
      },
    });
  }

  /** The processors this runner was asked to run (whether or not it holds their lease now). */
  get names(): string[] {
    return [...this.running.keys()];
  }

  /** Stops one processor (its owner shuts down) and frees its lease for another instance. */
  async stop(name: string): Promise<void> {
    const running = this.running.get(name);
    this.running.delete(name);
    await running?.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.values()].map((r) => r.stop()));
    this.running.clear();
  }
}
