import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import request from 'supertest';
import { ADMIN_PASSWORD } from '@rfid/backend/testing/test-platform';
import { freePort } from './reader-fixtures.js';

const MAIN = fileURLToPath(new URL('../../../backend/dist/main.js', import.meta.url));

/** A back-office server run as its own process (`node backend/dist/main.js`), as `npm start` runs it: one that can be killed. */
export interface ServerProcess {
  id: string;
  url: string;
  /** Its log lines so far (JSON, pino's). */
  log: string[];
  api(token?: string): { get: (p: string) => request.Test; post: (p: string) => request.Test; put: (p: string) => request.Test; delete: (p: string) => request.Test };
  login(username?: string, password?: string): Promise<string>;
  /** Sends the signal and waits for the process to end: answers its exit code (null when killed). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  readonly running: boolean;
}

/** The admin client of the test's Mosquitto's dynamic security, which the servers sign in as. */
export const BROKER_ADMIN = { admin: 'rfid-backoffice', password: 'broker-admin-secret' };

/** What the servers of one site share: the database, the broker (its dynamic security's admin), and Redis (the machine's, or TEST_REDIS_URL). */
export function siteEnvironment(databaseUrl: string, brokerUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    MQTT_URL: brokerUrl,
    MQTT_USERNAME: BROKER_ADMIN.admin,
    MQTT_PASSWORD: BROKER_ADMIN.password,
    MQTT_DYNAMIC_SECURITY: 'true',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

/** Removes what the servers of a site kept in Redis (their pushes' stream, named by the site's database): a test leaves the machine's Redis as it found it. */
export async function forgetSiteInRedis(databaseUrl: string): Promise<void> {
  const redis = createClient({ url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
  await redis.connect();
  try {
    const site = new URL(databaseUrl).pathname.slice(1);
    for await (const keys of redis.scanIterator({ MATCH: `rfid-backoffice:${site}*` })) if (keys.length) await redis.del(keys);
  } finally {
    redis.destroy();
  }
}

/** Starts a server with these environment variables (on top of a free PORT, a data folder of its own and the test admin's password); resolves once it listens. */
export async function startServer(id: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rfid-${id}-`));
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', SERVER_ID: id, DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'info', MQTT_WEBSOCKET: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let exitCode: number | null | undefined;
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve((exitCode = code))));
  // a server that ends by itself says why: its last lines
  void exited.then((code) => !stopping && process.stderr.write(`server ${id} exited by itself (${code}):\n${log.slice(-15).join('\n')}\n`));
  const listening = new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        log.push(line);
        if (line.startsWith('RFID back-office listening')) resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    void exited.then((code) => reject(new Error(`server ${id} exited (${code}) before listening:\n${log.slice(-20).join('\n')}`)));
  });
  await listening;
  const url = `http://127.0.0.1:${port}`;
  const api = (token?: string) => {
    const auth = (t: request.Test) => (token ? t.set('Authorization', `Bearer ${token}`) : t);
    return { get: (p: string) => auth(request(url).get(p)), post: (p: string) => auth(request(url).post(p)), put: (p: string) => auth(request(url).put(p)), delete: (p: string) => auth(request(url).delete(p)) };
  };
  return {
    id,
    url,
    log,
    api,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await api().post('/api/auth/login').send({ username, password });
      if (res.status !== 200) throw new Error(`login on ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.accessToken as string;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      stopping = true;
      if (exitCode === undefined) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    get running() {
      return exitCode === undefined;
    },
  };
}
