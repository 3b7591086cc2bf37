import { sql } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';

/** How many failed sign-ins, within the lock time, lock a key. */
export interface ThrottleLimits {
  /** One username from one address (guessing one account's password). */
  perUsername: number;
  /** One address across every username (trying a few passwords on many accounts). */
  perAddress: number;
}


/**
 * Repeated failed sign-ins: after `perUsername` failures for one username from one address, or
 * `perAddress` failures from one address whatever the usernames, within the lock time, that key is
 * refused with 429 until the lock time has passed. A success clears its username's count, not the
 * address's (a sprayer who guesses one password must not wipe the trail). Kept in the database so
 * every instance of the server counts the same failures.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits,
    private readonly lockSeconds: number,
    private readonly clock: Clock,
    /** What the counts are of, kept apart: '' the web sign-in, 'mqtt:' the readers' (a reader's code may be a user's name). */
    private readonly scope = '',
  ) {}

  private usernameKey(username: string, clientIp: string): string {
    return `${this.scope}user:${username.toLowerCase()}@${clientIp}`;
  }

  private addressKey(clientIp: string): string {
    return `${this.scope}address:${clientIp}`;
  }

  async assertAllowed(username: string, clientIp: string): Promise<void> {
    const rows = await this.db
      .selectFrom('login_throttle')
      .select('locked_until')
      .where('key', 'in', [this.usernameKey(username, clientIp), this.addressKey(clientIp)])
      .execute();
    const now = this.clock.now().getTime();
    const until = Math.max(0, ...rows.map((r) => r.locked_until?.getTime() ?? 0));
    if (until > now) throw new AppError('TOO_MANY_ATTEMPTS', { retryAfterSeconds: Math.ceil((until - now) / 1000) });
  }

  async recordFailure(username: string, clientIp: string): Promise<void> {
    await this.count(this.usernameKey(username, clientIp), this.limits.perUsername);
    await this.count(this.addressKey(clientIp), this.limits.perAddress);
  }

  async clear(username: string, clientIp: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', this.usernameKey(username, clientIp)).execute();
  }

  private async count(key: string, max: number): Promise<void> {
    const now = sql`${this.clock.now()}::timestamptz`;
    const window = sql`${`${this.lockSeconds} seconds`}::interval`;
    // The earlier failures no longer count once the window since the first has passed or a lock has ended.
    const startsAfresh = sql`f.first_failed_at < ${now} - ${window} or f.locked_until < ${now}`;
    await sql`
      insert into login_throttle as f (key, failures, first_failed_at, locked_until)
      values (${key}, 1, ${now}, ${max <= 1 ? sql`${now} + ${window}` : null})
      on conflict (key) do update set
        failures = case when ${startsAfresh} then 1 else f.failures + 1 end,
        first_failed_at = case when ${startsAfresh} then ${now} else f.first_failed_at end,
        locked_until = case
          when (case when ${startsAfresh} then 1 else f.failures + 1 end) >= ${max}
          then ${now} + ${window} else null end`.execute(this.db);
  }
}
