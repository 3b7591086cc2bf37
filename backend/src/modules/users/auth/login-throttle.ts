import { sql } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/errors/app-error.js';

/**
 * Repeated failed sign-ins for one username from one address: after `maxFailures` within the lock
 * time, that pair is refused with 429 until the lock time has passed. Kept in the database so every
 * instance of the server counts the same failures.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
    private readonly clock: Clock,
  ) {}

  async assertAllowed(username: string, clientIp: string): Promise<void> {
    const row = await this.db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('username', '=', username.toLowerCase())
      .where('client_ip', '=', clientIp)
      .executeTakeFirst();
    const until = row?.locked_until?.getTime();
    const now = this.clock.now().getTime();
    if (until && until > now) {
      throw new AppError('TOO_MANY_ATTEMPTS', { retryAfterSeconds: Math.ceil((until - now) / 1000) });
    }
  }

  async recordFailure(username: string, clientIp: string): Promise<void> {
    const now = sql`${this.clock.now()}::timestamptz`;
    const window = sql`${`${this.lockSeconds} seconds`}::interval`;
    // The earlier failures no longer count once the window since the first has passed or a lock has ended.
    const startsAfresh = sql`f.first_failed_at < ${now} - ${window} or f.locked_until < ${now}`;
    await sql`
      insert into login_failures as f (username, client_ip, failures, first_failed_at, locked_until)
      values (${username.toLowerCase()}, ${clientIp}, 1, ${now}, ${this.maxFailures <= 1 ? sql`${now} + ${window}` : null})
      on conflict (username, client_ip) do update set
        failures = case when ${startsAfresh} then 1 else f.failures + 1 end,
        first_failed_at = case when ${startsAfresh} then ${now} else f.first_failed_at end,
        locked_until = case
          when (case when ${startsAfresh} then 1 else f.failures + 1 end) >= ${this.maxFailures}
          then ${now} + ${window} else null end`.execute(this.db);
  }

  async clear(username: string, clientIp: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', username.toLowerCase()).where('client_ip', '=', clientIp).execute();
  }
}
