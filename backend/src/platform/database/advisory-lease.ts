import { sql } from 'kysely';
import pg from 'pg';
import type { Tx } from './database.js';

/**
 * A PostgreSQL session advisory lock held on a connection of its own, made for it beside the pool (a
 * lease is held for hours: taken from the pool, a server running every processor would leave its requests
 * a pool of two): while it is held no other connection, of this process or another server's, gets it; it
 * ends with its connection, so a process that dies (or whose connection breaks) frees it. `onLost` is told
 * when the connection breaks: the lock is then gone, and its holder stops what the lock guarded and may
 * try again.
 */
export class AdvisoryLease {
  private lost = false;

  private constructor(
    private readonly client: pg.Client,
    private readonly onLost: (err: Error) => void,
  ) {
    client.on('error', this.breaks);
  }

  /** The lease of `key` if nobody holds it, else undefined; a failure to ask rejects. */
  static async tryTake(pool: pg.Pool, key: string, onLost: (err: Error) => void = () => {}): Promise<AdvisoryLease | undefined> {
    const client = new pg.Client({ ...(pool as unknown as { options: pg.ClientConfig }).options, application_name: `rfid-backoffice:lease:${key}`.slice(0, 63) });
    // an error before the lease exists (a connection refused) is the caller's, through the rejection
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key]);
      if (rows[0]!.ok) return new AdvisoryLease(client, onLost);
      await client.end();
      return undefined;
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
  }

  /** Whether somebody holds the lease of `key` now (asked on a pooled connection, held not a moment). */
  static async isHeld(pool: pg.Pool, key: string): Promise<boolean> {
    const { rows } = await pool.query<{ held: boolean }>('select case when pg_try_advisory_lock(hashtext($1)) then not pg_advisory_unlock(hashtext($1)) else true end as held', [key]);
    return rows[0]!.held;
  }

  /** Runs `work` holding the lease of `key`, waiting for whoever holds it first (one server at a time does it: the first start's admin). */
  static async whileHeld<T>(pool: pg.Pool, key: string, work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // a connection that failed to lock or unlock goes back broken: the pool drops it (and its lock)
    let broken: Error | undefined;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [key]).catch((err: Error) => {
        broken = err;
        throw err;
      });
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch((err: Error) => (broken = err));
      }
    } finally {
      client.release(broken);
    }
  }

  /** Whether this transaction got `key` (held until it ends): of several servers running the same round at once, one does it. */
  static async tryInTransaction(tx: Tx, key: string): Promise<boolean> {
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${key})) as ok`.execute(tx);
    return rows[0]?.ok === true;
  }

  private readonly breaks = (err: Error) => {
    if (this.lost) return;
    this.lost = true;
    this.client.end().catch(() => {});
    this.onLost(err);
  };

  /** Gives the lock and its connection back (nothing to do once lost). */
  async release(): Promise<void> {
    if (this.lost) return;
    this.lost = true;
    // ending the connection ends its lock
    await this.client.end().catch(() => {});
  }
}
