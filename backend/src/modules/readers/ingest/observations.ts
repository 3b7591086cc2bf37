import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AntennaRole, OperatingMode, ReaderKind, SwitchState } from '@rfid/contracts';
import type { Logger } from 'pino';

/**
 * A tag a reader saw: one per (reader, EPC) per dedupe window, whatever the reader reports in
 * between. What gate passes, ticket scanning and stocktake counting consume.
 */
export interface Observation {
  readerId: string;
  readerCode: string;
  readerKind: ReaderKind;
  /** The reader's zone, when it has one. */
  zoneId: string | null;
  epc: string;
  antenna: number | null;
  /** On a gate, the side the antenna faces (its configured role); null elsewhere or unconfigured. */
  antennaRole: AntennaRole | null;
  /** The reader's operating mode and switch when the read came (a gate decides only when Automatic and On). */
  operatingMode: OperatingMode;
  switch: SwitchState;
  rssi: number | null;
  seenCount: number | null;
  /** When the back-office received it: the time that counts (device clocks are not trusted). */
  at: Date;
  /** The reader's own time, when it gave one with its offset. */
  deviceTime: Date | null;
}

/** A consumer of observations. It gets them in batches, one batch at a time, in the order they came. */
export interface ObservationConsumer {
  name: string;
  consume(batch: readonly Observation[]): Promise<void>;
}

/** Observations a consumer may have waiting before publishers are held back. */
const QUEUE_LIMIT = 20_000;
/** The most observations one call of a consumer gets. */
const BATCH_MAX = 5_000;

interface Lane {
  consumer: ObservationConsumer;
  queue: Observation[][];
  size: number;
  running: boolean;
}

/**
 * The one in-process way observations reach their consumers, with back-pressure: each consumer has
 * its own queue, drained by one call at a time with what has gathered meanwhile (up to BATCH_MAX);
 * `publish` waits while any queue holds QUEUE_LIMIT or more, which holds back the MQTT connection of
 * the reader whose message is being taken in. A consumer that throws loses that batch (it is logged),
 * never the others' batches nor its own next ones.
 */
@Injectable()
export class ObservationBus implements OnModuleDestroy {
  private readonly lanes: Lane[] = [];
  private waiting: (() => void)[] = [];
  private logger: Logger | undefined;

  useLogger(logger: Logger): void {
    this.logger = logger;
  }

  register(consumer: ObservationConsumer): void {
    this.lanes.push({ consumer, queue: [], size: 0, running: false });
  }

  async publish(batch: readonly Observation[]): Promise<void> {
    if (!batch.length) return;
    for (const lane of this.lanes) {
      lane.queue.push(batch as Observation[]);
      lane.size += batch.length;
      void this.drain(lane);
    }
    while (this.lanes.some((l) => l.size >= QUEUE_LIMIT)) await new Promise<void>((resolve) => this.waiting.push(resolve));
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
        while (taken < lane.queue.length && (taken === 0 || size + lane.queue[taken]!.length <= BATCH_MAX)) size += lane.queue[taken++]!.length;
        const batch = lane.queue.splice(0, taken).flat();
        try {
          await lane.consumer.consume(batch);
        } catch (err) {
          this.logger?.error({ err, consumer: lane.consumer.name, observations: batch.length }, 'an observation consumer failed');
        }
        lane.size -= batch.length;
        this.wake();
      }
    } finally {
      lane.running = false;
      this.wake();
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  onModuleDestroy(): Promise<void> {
    return this.idle();
  }
}
