import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { AdvisoryLease } from '../../../platform/database/advisory-lease.js';
import { retryingWhileUnavailable } from '../../../platform/database/database-faults.js';
import { Platform } from '../../../platform/platform.js';
import type { Observation } from './observation.js';

const LEASE_RETRY_MS = 1000;

interface Waiting {
  observations: readonly Observation[];
  resolve(id: number): void;
  reject(err: unknown): void;
}

/** Rows written by another server instance, and the observations of each. */
export interface JournalEntry {
  id: number;
  observations: Observation[];
}

const leaseKey = (instanceId: string) => `observation-journal:${instanceId}`;

/**
 * What makes a QoS 1 read safe to acknowledge: its observations are written here first (reads that
 * arrive while a write is under way are written together by the next one: group commit), and deleted
 * once every consumer has taken them. Each server instance writes under its own id and holds a lease
 * on it while it runs; at start an instance takes over the rows of every instance whose lease is free
 * (a server that died, this one's previous run included) and hands them to the consumers first.
 */
@Injectable()
export class ObservationJournal {
  private readonly instanceId = randomUUID();
  private lease: AdvisoryLease | undefined;
  private leaseRetry: NodeJS.Timeout | undefined;
  private stopped = false;
  private waiting: Waiting[] = [];
  private writing = false;
  private doneThrough = 0;
  private deletedThrough = 0;
  private deleting: Promise<void> | undefined;

  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** Takes this instance's lease and the rows left by instances gone; answers them, oldest first. */
  async start(): Promise<JournalEntry[]> {
    await this.takeLease();
    return this.adoptGone();
  }

  /**
   * The rows of every other instance whose lease is free (a server that died, this one's previous run
   * included) become this one's: answered oldest first, for the consumers to take. Run at start, and
   * every few seconds where several servers run (a server dies while the others go on).
   */
  async adoptGone(): Promise<JournalEntry[]> {
    const db = this.platform.db;
    const owners = await db.selectFrom('observation_journal').select('instance_id').distinct().where('instance_id', '<>', this.instanceId).execute();
    const adopted: JournalEntry[] = [];
    for (const { instance_id: owner } of owners) {
      // an instance id is one run's and never comes back: a free lease is a run gone, and the update moves its rows to one adopter only
      if (await AdvisoryLease.isHeld(this.platform.database.pool, leaseKey(owner))) continue;
      const rows = await db.updateTable('observation_journal').set({ instance_id: this.instanceId }).where('instance_id', '=', owner).returning(['id', 'observations']).execute();
      adopted.push(...rows.map((r) => ({ id: Number(r.id), observations: (r.observations as StoredObservation[]).map(revive) })));
    }
    return adopted.sort((a, b) => a.id - b.id);
  }

  private async takeLease(): Promise<void> {
    const lost = (err: Error) => {
      this.lease = undefined;
      this.platform.logger.warn({ err: err.message }, 'the observation journal’s lease was lost; taking it again');
      this.retakeLease();
    };
    this.lease = await AdvisoryLease.tryTake(this.platform.database.pool, leaseKey(this.instanceId), lost);
  }

  private retakeLease(): void {
    if (this.stopped || this.leaseRetry) return;
    this.leaseRetry = setTimeout(() => {
      this.leaseRetry = undefined;
      if (this.stopped) return;
      this.takeLease().catch(() => this.retakeLease());
    }, LEASE_RETRY_MS);
  }

  /** Writes `observations` (with whatever else is waiting) and answers the row's id once it is stored. */
  append(observations: readonly Observation[]): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ observations, resolve, reject });
      void this.write();
    });
  }

  private async write(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length) {
        const group = this.waiting;
        this.waiting = [];
        try {
          const id = await this.insert(group.flatMap((w) => w.observations));
          for (const w of group) w.resolve(id);
        } catch (err) {
          for (const w of group) w.reject(err);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private async insert(observations: Observation[]): Promise<number> {
    const row = await retryingWhileUnavailable(() =>
      this.platform.db
        .insertInto('observation_journal')
        .values({ instance_id: this.instanceId, observations: sql`${JSON.stringify(observations)}::jsonb` })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return Number(row.id);
  }

  /** Every consumer has taken the rows up to `id`: they go (a delete that fails is tried again with the next, or at stop). */
  done(id: number): void {
    if (id <= this.doneThrough) return;
    this.doneThrough = id;
    this.deleting ??= this.deleteDone().finally(() => (this.deleting = undefined));
  }

  private async deleteDone(): Promise<void> {
    while (this.deletedThrough < this.doneThrough) {
      const through = this.doneThrough;
      try {
        await this.platform.db.deleteFrom('observation_journal').where('instance_id', '=', this.instanceId).where('id', '<=', through).execute();
        this.deletedThrough = through;
      } catch (err) {
        this.platform.logger.warn({ err: (err as Error).message }, 'taken reads could not be deleted from the journal; trying again later');
        return;
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.leaseRetry);
    await this.deleting;
    await this.deleteDone();
    await this.lease?.release();
  }
}

type StoredObservation = Omit<Observation, 'at' | 'deviceTime'> & { at: string; deviceTime: string | null };

function revive(o: StoredObservation): Observation {
  return { ...o, at: new Date(o.at), deviceTime: o.deviceTime ? new Date(o.deviceTime) : null };
}
