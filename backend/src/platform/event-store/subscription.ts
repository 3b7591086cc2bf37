import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Tx } from '../database/database.js';
import type { EventStore } from './event-store.js';
import { cursorOf, type Cursor, type StoredEvent } from './types.js';

/** How often at most a process tells the other instances that it appended. */
const NOTIFY_INTERVAL_MS = 50;

/** The payload of the NOTIFY a transaction that appended sends at its commit (any other names the instance that appended). */
const AT_COMMIT = 'commit';

/** The channel of announced changes: its payload is the topic. */
const CHANGES_CHANNEL = 'changes';

/**
 * Wakes subscriptions when events were appended. In this process: at once, on every append. Across
 * instances of the server: a NOTIFY on 'events' at most every NOTIFY_INTERVAL_MS (a NOTIFY per
 * single-statement append would cost a third of its throughput), received on one LISTEN connection per
 * process. Events appended in a caller's transaction (every command) are not visible before its commit,
 * so that transaction carries a NOTIFY of its own, delivered at the commit: a processor that follows
 * them (the gate alarm) wakes when they can be read, not at its next poll. If the LISTEN connection
 * drops, it reconnects; subscriptions poll meanwhile.
 *
 * Beside the wake-ups, a rare change that every instance must apply at once (the system settings
 * each one caches) is announced by topic on the same connection (`announce`, `onAnnounced`).
 */
export class EventNotifier extends EventEmitter {
  private readonly instanceId = randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private notifyTimer: NodeJS.Timeout | undefined;
  private lastNotify = 0;
  private readonly notifiedAtCommit = new WeakSet<Tx>();

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /**
   * Events were appended. In a caller's transaction (`tx`) they become visible only when it commits,
   * which may be long after: a NOTIFY in that transaction (PostgreSQL delivers it at the commit, and
   * never for a rollback) wakes every instance, this one too, at that moment; one per transaction.
   */
  async signal(tx?: Tx): Promise<void> {
    if (tx && !this.notifiedAtCommit.has(tx)) {
      this.notifiedAtCommit.add(tx);
      await sql`select pg_notify('events', ${AT_COMMIT})`.execute(tx);
    }
    this.emit('events');
    if (this.notifyTimer || this.closed) return;
    // The trailing NOTIFY also re-wakes local subscribers (a second chance for what had not committed yet).
    const wait = Math.max(0, this.lastNotify + NOTIFY_INTERVAL_MS - Date.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      this.lastNotify = Date.now();
      this.emit('events');
      this.pool.query(`select pg_notify('events', $1)`, [this.instanceId]).catch((err: Error) => {
        if (!this.closed) this.logger.warn({ err: err.message }, 'NOTIFY failed');
      });
    }, Math.max(wait, 10));
  }

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'rfid-backoffice:listen' });
    client.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL) this.emit('announced', n.payload);
      else if (n.payload !== this.instanceId) this.emit('events');
    });
    client.on('error', (err) => {
      this.logger.warn({ err: err.message }, 'event notification connection lost; polling until it is back');
      this.client = undefined;
      client.end().catch(() => {});
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN events; LISTEN ${CHANGES_CHANNEL}`);
      // stopped while connecting: nobody would end this connection, and it would keep the process alive
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.emit('events');
      // announcements made while no connection listened are lost: every topic's listeners look again
      this.emit('announced', undefined);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'cannot LISTEN for events; polling');
      client.end().catch(() => {});
      this.scheduleReconnect();
    }
  }

  /**
   * Tells every instance, this one too, that `topic` changed, once `tx` commits (PostgreSQL delivers
   * a NOTIFY at its transaction's commit, and never for a rolled-back one): a listener that reads on
   * hearing it sees the change.
   */
  async announce(tx: Tx, topic: string): Promise<void> {
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`.execute(tx);
  }

  /** Tells every instance, this one too, that `topic` changed, now (a change made outside a transaction). */
  async announceNow(topic: string): Promise<void> {
    await this.pool.query(`select pg_notify($1, $2)`, [CHANGES_CHANNEL, topic]);
  }

  /**
   * Calls `listener` when `topic` is announced by any instance, and whenever the LISTEN connection
   * (re)connects (what was announced meanwhile is lost). Answers the function that stops listening.
   */
  onAnnounced(topic: string, listener: () => void): () => void {
    const heard = (announced: string | undefined) => {
      if (announced === undefined || announced === topic) listener();
    };
    this.on('announced', heard);
    return () => this.off('announced', heard);
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, 1000);
  }

  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.notifyTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

export interface SubscriptionOptions {
  from: Cursor;
  /** Called with each batch in `$all` order; the cursor moves past a batch only once this resolves. */
  handler: (events: StoredEvent[]) => Promise<void>;
  batchSize?: number;
  /** The event types the handler reads the data of; the others reach it without (data null), to move the cursor. */
  types?: readonly string[];
  /** Fallback when no notification arrives (a lost LISTEN connection, an old transaction ending). */
  pollIntervalMs?: number;
  name?: string;
}

/**
 * Delivers `$all` from a cursor to a handler, in order, each event once per successful handler call.
 * A failing handler is retried with the same batch after a pause.
 */
export class Subscription {
  private cursor: Cursor;
  private running = true;
  private wake: (() => void) | undefined;
  /** A notification that came while reading: the next pause must not wait for another. */
  private notified = false;
  private readonly loop: Promise<void>;
  private readonly onEvents = () => {
    this.notified = true;
    this.wake?.();
  };

  constructor(
    private readonly store: EventStore,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
    private readonly opts: SubscriptionOptions,
  ) {
    this.cursor = opts.from;
    notifier.on('events', this.onEvents);
    this.loop = this.run();
  }

  get position(): Cursor {
    return this.cursor;
  }

  private async run(): Promise<void> {
    const batchSize = this.opts.batchSize ?? 500;
    while (this.running) {
      let events: StoredEvent[];
      this.notified = false;
      try {
        events = await this.store.readAll(this.cursor, batchSize, { types: this.opts.types });
      } catch (err) {
        if (!this.running) return;
        this.logger.error({ err, subscription: this.opts.name }, 'reading $all failed; retrying');
        await this.pause(1000);
        continue;
      }
      if (events.length === 0) {
        await this.pause(this.opts.pollIntervalMs ?? 1000);
        continue;
      }
      try {
        await this.opts.handler(events);
        this.cursor = cursorOf(events[events.length - 1]!);
      } catch (err) {
        if (!this.running) return;
        this.logger.error({ err, subscription: this.opts.name }, 'subscription handler failed; retrying the batch');
        await this.pause(1000);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    if (this.notified || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.notifier.off('events', this.onEvents);
    this.wake?.();
    await this.loop;
  }
}
