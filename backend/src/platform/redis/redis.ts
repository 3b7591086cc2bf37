import type { Logger } from 'pino';
import { createClient } from 'redis';
import { StartupError } from '../database/embedded-postgres.js';

const connect = (url: string) => createClient({ url, socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(retries * 200, 2000) } });
export type RedisConnection = ReturnType<typeof connect>;

/**
 * The connection to Redis (REDIS_URL) that carries pushes between servers. Unreachable at start, the
 * server does not start (the variable names a Redis that must be there); lost later, it reconnects by
 * itself while the server goes on (pushes between servers wait; each server's own still go out).
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisConnection> {
  const client = connect(url);
  let connected = false;
  client.on('error', (err: Error) => {
    if (connected) logger.warn({ err: err.message }, 'Redis connection error; reconnecting');
  });
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000).unref()),
    ]);
  } catch (err) {
    client.destroy();
    throw new StartupError(`Cannot connect to Redis at REDIS_URL: ${(err as Error).message}`);
  }
  connected = true;
  return client;
}
