import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { sql } from 'kysely';
import { AdvisoryLease } from '../../../platform/database/advisory-lease.js';
import { Platform } from '../../../platform/platform.js';

/** How often a server renews its readers, looks for dead servers and shares the readers out. */
const TICK_MS = 1000;

/** The lease a server holds while it runs: free, the server is gone (a kill -9 frees it at once). */
const aliveKey = (serverId: string) => `reader-owner-server:${serverId}`;

/** A reader this server took, and since when its previous owner may not have handled its messages (null: it had none). */
export interface GainedReader {
  readerId: string;
  since: Date | null;
}

/**
 * Which server handles each reader's messages, when several servers follow one external broker: every
 * server hears every message, and only the reader's owner handles it, so each read is handled once and
 * in order. Ownership is a lease in PostgreSQL (`reader_owners`), renewed every second; a server whose
 * run-lease (an advisory lock on a connection of its own) is free is dead, and its readers are free at
 * once; a server cut off from the database stops handling its readers when its lease would have run out
 * (it cannot know whether another took them). Each server takes free readers up to its share
 * (the readers divided by the servers alive) and gives one a second back while it has more than its share
 * and another has less. A server taking a reader first gets it ready (`onGaining`: the gate's passes of
 * late, the live state) and replays what it heard of it since its previous owner's last renewal
 * (`catchUp`), and only then handles it live. On the embedded broker a server hears only the readers
 * connected to it: it owns them all, and nothing here runs.
 */
@Injectable()
export class ReaderOwnership implements OnApplicationBootstrap, OnModuleDestroy {
  readonly shared: boolean;
  private readonly serverId: string;
  private readonly leaseMs: number;
  private owned = new Set<string>();
  /** Until when (this process's clock) the owned leases hold without a renewal. */
  private validUntil = 0;
  private alive: AdvisoryLease | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private readonly gaining: ((readers: readonly GainedReader[]) => Promise<void> | void)[] = [];
  private readonly losing: ((readerIds: readonly string[]) => void)[] = [];
  private catchUp: (reader: GainedReader) => Promise<void> = async () => {};

  constructor(@Inject(Platform) private readonly platform: Platform) {
    this.shared = !!platform.config.mqttUrl;
    this.serverId = platform.config.serverId;
    this.leaseMs = platform.config.readerLeaseSeconds * 1000;
    platform.metrics.sampled('rfid_readers_owned', 'Readers whose messages this server handles (on a shared broker)', [], (g) => g.set(this.ownedReaders()?.size ?? 0));
  }

  /** Whether this server handles the reader's messages now. */
  owns(readerId: string): boolean {
    if (!this.shared) return true;
    return Date.now() < this.validUntil && this.owned.has(readerId);
  }

  /** The readers this server owns now (all of them on the embedded broker: undefined). */
  ownedReaders(): ReadonlySet<string> | undefined {
    return this.shared ? (Date.now() < this.validUntil ? this.owned : new Set()) : undefined;
  }

  /** Told of readers about to be taken, before any of their messages is handled here. */
  onGaining(listener: (readers: readonly GainedReader[]) => Promise<void> | void): void {
    this.gaining.push(listener);
  }

  /** Told of readers this server no longer handles. */
  onLosing(listener: (readerIds: readonly string[]) => void): void {
    this.losing.push(listener);
  }

  /** The ingest's replay of what was heard of a reader before taking it: the last step of a takeover. */
  setCatchUp(catchUp: (reader: GainedReader) => Promise<void>): void {
    this.catchUp = catchUp;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.shared) return;
    await this.holdAlive();
    if (!this.alive) this.platform.logger.warn({ serverId: this.serverId }, 'another running server has this SERVER_ID (or this one’s last run is not gone yet): no reader is taken until it is');
    // other servers handled the readers while this one was away: its broker session's backlog is theirs, not its
    const others = await this.platform.db.selectFrom('ingest_servers').select('server_id').where('server_id', '<>', this.serverId).where('seen_at', '>', sql<Date>`now() - ${`${this.leaseMs} milliseconds`}::interval`).limit(1).execute();
    if (others.length) this.platform.mqtt.resumeSession = false;
    // rows under this id are its last run's (this run owns nothing yet): free, to be taken with a replay like any other
    await this.platform.db.updateTable('reader_owners').set({ expires_at: sql<Date>`now()` }).where('server_id', '=', this.serverId).execute();
    await this.tickSafely();
    this.timer = setInterval(() => void this.tickSafely(), TICK_MS);
    this.timer.unref();
  }

  /**
   * Hands every reader over (the others take them within a second) and stops taking any: the first step
   * of a drain. Answers whether another server is alive to take them (then this server's broker session
   * may end: what the readers publish from now on is the others' to handle).
   */
  async handOver(): Promise<boolean> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    if (!this.shared) return false;
    const readers = [...this.owned];
    this.lose(readers);
    try {
      await this.platform.db.updateTable('reader_owners').set({ expires_at: sql<Date>`now()`, renewed_at: sql<Date>`now()` }).where('server_id', '=', this.serverId).execute();
      await this.platform.db.deleteFrom('ingest_servers').where('server_id', '=', this.serverId).execute();
      const others = await this.platform.db.selectFrom('ingest_servers').select('server_id').where('seen_at', '>', sql<Date>`now() - ${`${this.leaseMs} milliseconds`}::interval`).limit(1).execute();
      if (readers.length) this.platform.logger.info({ readers: readers.length, othersAlive: others.length > 0 }, 'readers handed over');
      return others.length > 0;
    } catch (err) {
      this.platform.logger.warn({ err: (err as Error).message }, 'readers could not be handed over: the others take them once this server’s leases run out');
      return false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.stopped) await this.handOver();
    await this.alive?.release();
  }

  private async tickSafely(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = this.tick()
      .catch((err: unknown) => {
        this.platform.logger.warn({ err: (err as Error).message }, 'reader ownership could not be renewed');
        // cut off from the database: no longer sure to own anything once the leases would have run out
        if (Date.now() >= this.validUntil && this.owned.size) this.lose([...this.owned]);
      })
      .finally(() => (this.ticking = undefined));
    await this.ticking;
  }

  /** The lease that tells the others this server runs; lost (its connection broke), taken again at the next tick. */
  private async holdAlive(): Promise<void> {
    this.alive ??= await AdvisoryLease.tryTake(this.platform.database.pool, aliveKey(this.serverId), () => {
      this.alive = undefined;
    });
  }

  private async tick(): Promise<void> {
    await this.holdAlive();
    const db = this.platform.db;
    const me = this.serverId;
    const lease = sql<Date>`now() + ${`${this.leaseMs} milliseconds`}::interval`;
    const started = Date.now();
    await db.insertInto('ingest_servers').values({ server_id: me, seen_at: sql<Date>`now()` }).onConflict((oc) => oc.column('server_id').doUpdateSet({ seen_at: sql<Date>`now()` })).execute();
    await this.freeDeadServers();
    const owned = [...this.owned];
    const renewed = owned.length ? await db.updateTable('reader_owners').set({ renewed_at: sql<Date>`now()`, expires_at: lease }).where('server_id', '=', me).where('reader_id', 'in', owned).returning('reader_id').execute() : [];
    const mine = new Set(renewed.map((r) => r.reader_id));
    this.validUntil = started + this.leaseMs;
    const lost = [...this.owned].filter((id) => !mine.has(id));
    if (lost.length) this.lose(lost);

    const { servers, readers } = await sql<{ servers: number; readers: number }>`
      select (select count(*)::int from ingest_servers where seen_at > now() - ${`${this.leaseMs} milliseconds`}::interval) as servers,
             (select count(*)::int from readers) as readers`
      .execute(db)
      .then((r) => r.rows[0]!);
    const share = Math.ceil(readers / Math.max(servers, 1));
    // without its lease this server looks dead to the others, who would free whatever it took
    if (mine.size < share && this.alive) await this.take(share - mine.size, mine);
    else if (mine.size > share) await this.giveOneBack(mine, share);
  }

  /** The readers of servers whose run-lease is free (dead) are free now, and those servers no longer count. */
  private async freeDeadServers(): Promise<void> {
    const db = this.platform.db;
    const others = await db.selectFrom('reader_owners').select('server_id').distinct().where('server_id', '<>', this.serverId).where('expires_at', '>', sql<Date>`now()`).execute();
    for (const { server_id: other } of others) {
      if (await AdvisoryLease.isHeld(this.platform.database.pool, aliveKey(other))) continue;
      await db.updateTable('reader_owners').set({ expires_at: sql<Date>`now()` }).where('server_id', '=', other).execute();
      await db.deleteFrom('ingest_servers').where('server_id', '=', other).execute();
      this.platform.logger.warn({ server: other }, 'a server is gone: its readers are free');
    }
  }

  private async take(wanted: number, mine: Set<string>): Promise<void> {
    const { rows } = await sql<{ reader_id: string; since: Date | null }>`
      with free as (
        select r.id from readers r left join reader_owners o on o.reader_id = r.id
        where o.reader_id is null or o.expires_at <= now()
        order by r.id limit ${wanted}
      ), before as (
        select o.reader_id, o.renewed_at from reader_owners o join free f on f.id = o.reader_id
      )
      insert into reader_owners (reader_id, server_id, renewed_at, expires_at)
      select id, ${this.serverId}, now(), now() + ${`${this.leaseMs} milliseconds`}::interval from free
      on conflict (reader_id) do update set server_id = excluded.server_id, renewed_at = excluded.renewed_at, expires_at = excluded.expires_at
        where reader_owners.expires_at <= now()
      returning reader_id, (select b.renewed_at from before b where b.reader_id = reader_owners.reader_id) as since`.execute(this.platform.db);
    if (!rows.length) return;
    const gained = rows.map((r) => ({ readerId: r.reader_id, since: r.since }));
    try {
      for (const listener of this.gaining) await listener(gained);
      for (const reader of gained) {
        await this.catchUp(reader);
        // nothing of this reader is handled live before its replay has ended: no await between the two
        this.owned.add(reader.readerId);
        mine.add(reader.readerId);
      }
      this.platform.logger.info({ readers: gained.length }, 'readers taken over');
    } catch (err) {
      // not ready to handle them: free again, for this server or another to take
      await this.platform.db.updateTable('reader_owners').set({ expires_at: sql<Date>`now()` }).where('server_id', '=', this.serverId).where('reader_id', 'in', gained.map((g) => g.readerId)).execute();
      this.lose(gained.map((g) => g.readerId));
      throw err;
    }
  }

  /** One reader back while this server has more than its share and another server less: the servers even out. */
  private async giveOneBack(mine: Set<string>, share: number): Promise<void> {
    const { rows } = await sql<{ server_id: string }>`
      select s.server_id from ingest_servers s left join reader_owners o on o.server_id = s.server_id and o.expires_at > now()
      where s.seen_at > now() - ${`${this.leaseMs} milliseconds`}::interval and s.server_id <> ${this.serverId}
      group by s.server_id having count(o.reader_id) < ${share} limit 1`.execute(this.platform.db);
    if (!rows.length) return;
    const readerId = [...mine].sort().at(-1)!;
    // no longer handled here before the row says so: its next owner replays from the renewal below
    this.lose([readerId]);
    mine.delete(readerId);
    await this.platform.db.updateTable('reader_owners').set({ expires_at: sql<Date>`now()`, renewed_at: sql<Date>`now()` }).where('reader_id', '=', readerId).where('server_id', '=', this.serverId).execute();
  }

  private lose(readerIds: readonly string[]): void {
    const losing = readerIds.filter((id) => this.owned.delete(id));
    if (!losing.length) return;
    for (const listener of this.losing) listener(losing);
  }
}
