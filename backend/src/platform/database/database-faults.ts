import type pg from 'pg';
import type { Logger } from 'pino';

/** Node's words for a server out of reach: refused, reset, timed out, unknown or unreachable. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * node-postgres's words for a connection that broke under a query or a transaction (they carry no
 * code): the socket closed, the client no longer usable after it (a transaction's ROLLBACK then fails
 * with this instead of the first error), or no connection made within the pool's connect timeout.
 */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * The database out of reach for a while: unreachable, its connection broken (SQLSTATE class 08, or
 * node-postgres's own words), shutting down or starting (57P01-57P03: what `pg_terminate_backend`, a
 * restart or a failover does), or out of connections (53300). Trying again later may work.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNREACHABLE.has(code) || /^(08...|57P0[123]|53300)$/.test(code))) return true;
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && CONNECTION_LOST.test(message);
}

/**
 * Gives every connection of `pool` an error listener for its whole life. node-postgres emits 'error' on
 * a client whose connection breaks, and the pool listens only while the client is idle: a connection
 * broken while a query or transaction holds it (a terminated backend, a restarted server) would
 * otherwise be an unhandled 'error' event, which ends the process. The query itself fails on its own
 * (answered 503 by the error filter) and the pool drops the broken client when it comes back.
 */
export function keepConnectionErrorsHandled(pool: pg.Pool, logger: Logger): void {
  const lost = (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (Ctrl-C reaches the embedded PostgreSQL too) or ended this backend
    if (err.code === '57P01') logger.warn({ err: err.message }, 'a database connection was ended by the server');
    else logger.warn({ err: err.message }, 'a database connection failed');
  };
  pool.on('connect', (client) => {
    // a broken connection may say so twice (the server's error, then the socket's end): log it once
    let told = false;
    client.on('error', (err: Error & { code?: string }) => {
      if (!told) lost(err);
      told = true;
    });
  });
  // the pool's own report of an idle client's failure: told above already
  pool.on('error', () => {});
}

/** How often work is tried while the database is out of reach, and the longest pause between two tries (about half a minute in all). */
const UNAVAILABLE_ATTEMPTS = 10;
const UNAVAILABLE_PAUSE_MAX_MS = 5000;

/**
 * Runs `work`, and again while it fails with the database out of reach (a connection ended, a
 * failover), up to UNAVAILABLE_ATTEMPTS times with growing pauses; any other failure, or the last one,
 * is thrown. For work that must not be lost to a short outage and may be done again from the start
 * (each try is its own transaction). `onRetry` is told of each failure that is tried again.
 */
export async function retryingWhileUnavailable<T>(work: () => Promise<T>, onRetry: (err: Error, attempt: number) => void = () => {}): Promise<T> {
  for (let attempt = 1, pause = 250; ; attempt++, pause = Math.min(pause * 2, UNAVAILABLE_PAUSE_MAX_MS)) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= UNAVAILABLE_ATTEMPTS || !isDatabaseUnavailable(err)) throw Object.assign(err as Error, { attempts: attempt });
      onRetry(err as Error, attempt);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}
