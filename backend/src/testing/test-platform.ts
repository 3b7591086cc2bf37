import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { MODULES } from '../modules/modules.js';

// Re-exported: a test program that imports the test platform sees every module's tables in Database.
export { MODULES } from '../modules/modules.js';
import type { Clock } from '../platform/clock.js';
import { loadConfig, type Config } from '../platform/config.js';
import type { ModuleDefinition } from '../platform/modules/module-definition.js';
import { Platform } from '../platform/platform.js';

/**
 * Tests run against real PostgreSQL: `TEST_PG_ADMIN_URL` (set by scripts/run-tests.mjs to the
 * embedded server it starts, or to DATABASE_URL on CI) names a server where each test file gets a
 * database of its own, dropped afterwards.
 */
export function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests with `npm test`');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rfid_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl(), name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The password of the `admin` every test database starts with. */
export const ADMIN_PASSWORD = 'admin-password';

export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export function testConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  // No broker unless a test asks for one (mqttPort, mqttWebSocket, mqttUrl).
  // On an external broker each test server is its own client, whose session ends with its connection.
  const mqtt = { mqttClientId: `rfid-test-${randomBytes(4).toString('hex')}`, mqttSessionExpirySeconds: 0 };
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl, adminPassword: ADMIN_PASSWORD, port: 0, mqttPort: 0, mqttWebSocket: false, ...mqtt, ...overrides };
}

export interface TestPlatform {
  platform: Platform;
  url: string;
  close(): Promise<void>;
}

export interface TestPlatformOptions {
  /** The URL the server reaches its database by, given the database's own (a TcpProxy's `url`). */
  databaseUrlOf?: (url: string) => string;
}

/**
 * A platform on a fresh database, with the application's modules unless told otherwise (`[]`: the event
 * store alone), on the system clock unless given one.
 */
export async function createTestPlatform(
  overrides: Partial<Config> = {},
  modules: readonly ModuleDefinition[] = MODULES,
  clock?: Clock,
  options: TestPlatformOptions = {},
): Promise<TestPlatform> {
  const database = await createTestDatabase();
  const databaseUrl = options.databaseUrlOf?.(database.url) ?? database.url;
  const platform = await Platform.create(testConfig(databaseUrl, overrides), testLogger, modules, { clock });
  return {
    platform,
    url: database.url,
    close: async () => {
      await platform.close();
      await database.drop();
    },
  };
}
