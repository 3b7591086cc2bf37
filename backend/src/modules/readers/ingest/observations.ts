import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { retryingWhileUnavailable } from '../../../platform/database/database-faults.js';
import { Platform } from '../../../platform/platform.js';
import { IntegrationLog } from '../integration-log/integration-log.js';
import type { Observation } from './observation.js';
import { ObservationJournal, type JournalEntry } from './observation-journal.js';
import { ReaderOwnership } from './reader-ownership.js';

/** A consumer of observations. It gets them in batches, one batch at a time, in the order they came. */
export interface ObservationConsumer {
  name: string;
  consume(batch: readonly Observation[]): Promise<void>;
}

/** Observations a consumer may have waiting before publishers are held back. */
const QUEUE_LIMIT = 20_000;
/** How often a server that shares the broker with others looks for reads a dead one acknowledged and left. */
const ADOPT_MS = 3000;
/** The most observations one call of a consumer gets. */
const BATCH_MAX = 5_000;

/** Observations published together, and the journal row that keeps them (0: not kept, a QoS 0 read). */
interface Published {
  observations: readonly Observation[];
  journalId: number;
}

interface Lane {
  consumer: ObservationConsumer;
  queue: Published[];
  size: number;
  running: boolean;
  /** The newest journal row this consumer has taken. */
  taken: number;
}

/**
 * The one in-process way observations reach their consumers, with back-pressure: each consumer has
 * its own queue, drained by one call at a time with what has gathered meanwhile (up to BATCH_MAX);
 * `publish` waits while any queue holds QUEUE_LIMIT or more, which holds back the MQTT connection of
 * the reader whose message is being taken in.
 *
 * What a reader sent at QoS 1 is `durable`: written to the journal before `publish` resolves (and the
 * broker acknowledges it), deleted once every consumer has taken it, taken over after a crash. A
 * consumer that fails with the database out of reach gets the same batch again (retryingWhileUnavailable:
 * a consumer takes a batch again without counting anything twice); a batch it still fails (or fails for another reason) is given up, logged and counted in the
 * integration log, never the others' batches nor its own next ones.
 */
@Injectable()
export class ObservationBus implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly lanes: Lane[] = [];
  private waiting: (() => void)[] = [];
  private adopting: NodeJS.Timeout | undefined;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly journal: ObservationJournal,
    private readonly log: IntegrationLog,
    private readonly ownership: ReaderOwnership,
  ) {
    platform.metrics.sampled('rfid_observation_queue_depth', 'Observations waiting for the slowest consumer', [], (g) => g.set(this.depth));
  }

  register(consumer: ObservationConsumer): void {
    this.lanes.push({ consumer, queue: [], size: 0, running: false, taken: 0 });
  }

  /** Every consumer has registered (at its module's init): what an earlier run acknowledged and left goes first. */
  async onApplicationBootstrap(): Promise<void> {
    this.takeIn(await this.journal.start());
    if (!this.ownership.shared) return;
    this.adopting = setInterval(() => {
      this.journal.adoptGone().then(
        (left) => this.takeIn(left),
        (err: unknown) => this.platform.logger.warn({ err: (err as Error).message }, 'the journal of a server gone could not be looked at'),
      );
    }, ADOPT_MS);
    this.adopting.unref();
  }

  private takeIn(left: readonly JournalEntry[]): void {
    if (left.length) this.platform.logger.info({ observations: left.reduce((n, e) => n + e.observations.length, 0) }, 'reads acknowledged by a server gone (or before a restart) are taken in again');
    for (const entry of left) this.enqueue({ observations: entry.observations, journalId: entry.id });
  }

  /** Observations waiting for their slowest consumer: for the metrics. */
  get depth(): number {
    return Math.max(0, ...this.lanes.map((l) => l.size));
  }

  async publish(batch: readonly Observation[], opts: { durable?: boolean } = {}): Promise<void> {
    if (!batch.length) return;
    const journalId = opts.durable ? await this.journal.append(batch) : 0;
    this.enqueue({ observations: batch, journalId });
    while (this.lanes.some((l) => l.size >= QUEUE_LIMIT)) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private enqueue(published: Published): void {
    for (const lane of this.lanes) {
      lane.queue.push(published);
      lane.size += published.observations.length;
      void this.drain(lane);
    }
  }

  /** Resolves once every queue is empty: what was published has been consumed. */
  async idle(): Promise<void> {
    while (this.lanes.some((l) => l.size > 0 || l.running)) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async drain(lane: Lane): Promise<void> {
    if (lane.running) return;
    lane.running = true;
    try {
      while (lane.queue.length) {
        // what has gathered, up to BATCH_MAX (at least one published batch), taken off the queue at once
        let taken = 0;
        let size = 0;
        while (taken < lane.queue.length && (taken === 0 || size + lane.queue[taken]!.observations.length <= BATCH_MAX)) size += lane.queue[taken++]!.observations.length;
        const parts = lane.queue.splice(0, taken);
        const batch = parts.flatMap((p) => p.observations);
        await this.consume(lane.consumer, batch);
        lane.size -= batch.length;
        lane.taken = Math.max(lane.taken, ...parts.map((p) => p.journalId));
        this.journal.done(Math.min(...this.lanes.map((l) => l.taken)));
        this.wake();
      }
    } finally {
      lane.running = false;
      this.wake();
    }
  }

  /** One consumer's call with a batch, offered again while the database is out of reach; given up at last. */
  private async consume(consumer: ObservationConsumer, batch: Observation[]): Promise<void> {
    try {
      await retryingWhileUnavailable(
        () => consumer.consume(batch),
        (err, attempt) => this.platform.logger.warn({ err: err.message, consumer: consumer.name, attempt }, 'an observation consumer met the database out of reach; offering the batch again'),
      );
    } catch (err) {
      const attempts = (err as { attempts?: number }).attempts ?? 1;
      this.platform.logger.error({ err, consumer: consumer.name, observations: batch.length, attempts }, 'an observation consumer failed; its batch is given up');
      this.logGivenUp(consumer, batch, attempts, err);
    }
  }

  /** One integration log entry per reader of a given-up batch: how many of its reads which consumer did not take, and why. */
  private logGivenUp(consumer: ObservationConsumer, batch: Observation[], attempts: number, err: unknown): void {
    const byReader = new Map<string, { code: string; reads: number }>();
    for (const o of batch) {
      const r = byReader.get(o.readerId) ?? { code: o.readerCode, reads: 0 };
      r.reads++;
      byReader.set(o.readerId, r);
    }
    for (const [id, { code, reads }] of byReader) {
      this.log.add({
        at: new Date(),
        reader: { id, code },
        kind: 'TAG_DATA',
        direction: 'IN',
        topic: null,
        outcome: 'FAILED',
        reason: `${consumer.name}: ${(err as Error)?.message ?? String(err)}`,
        summary: `${reads} reads given up by ${consumer.name} after ${attempts} attempt${attempts === 1 ? '' : 's'}`,
      });
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.adopting);
    await this.idle();
    await this.journal.stop();
  }
}
