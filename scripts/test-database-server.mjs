// The PostgreSQL server tests and benchmarks run against: DATABASE_URL when set (CI's server), or an
// embedded one started in a temporary directory and removed afterwards.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../backend/dist/platform/database/embedded-postgres.js';

export async function withTestDatabaseServer(fn) {
  if (process.env.DATABASE_URL) {
    console.log(`Using the PostgreSQL of DATABASE_URL for tests`);
    return fn(process.env.DATABASE_URL);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfid-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, port: 0, logger: pino({ level: 'silent' }), attach: false });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => stop().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await fn(server.url);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  }
}

/** The environment of a test run: each test file makes its own database on the server at `url`. */
export function testEnvironment(url) {
  return { ...process.env, TEST_PG_ADMIN_URL: url, DATABASE_URL: '' };
}

/**
 * Runs a command against the test database server (TEST_PG_ADMIN_URL) and answers its exit code.
 * Asynchronously, never spawnSync: the embedded PostgreSQL's output is read by this process's event
 * loop; blocked, its pipes fill and PostgreSQL stops at its next log line (a checkpoint's, which each
 * dropped database asks for), and every test waiting on it hangs.
 */
export function runWithTestDatabase(cmd, args) {
  return withTestDatabaseServer(async (url) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: testEnvironment(url) });
    const [status] = await once(child, 'exit');
    return status ?? 1;
  });
}
