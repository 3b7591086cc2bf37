import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Every environment variable the server reads, in one place. Each is documented in README.md with
 * its default; nothing else in the code base reads process.env.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** External PostgreSQL; when unset an embedded server runs under `dataDir/postgres`. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  dbPoolSize: number;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  adminPassword: string | undefined;
  loginMaxFailures: number;
  /** Failed sign-ins from one address, whatever the usernames, before that address is throttled. */
  loginMaxFailuresPerAddress: number;
  loginLockSeconds: number;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client's address; false: none. */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** The embedded MQTT broker's TCP port; 0: none. */
  mqttPort: number;
  /** MQTT_PORT was set: a busy port stops the start instead of falling back to a free one. */
  mqttPortExplicit: boolean;
  /** MQTT over WebSocket on the HTTP server at /mqtt (embedded broker). */
  mqttWebSocket: boolean;
  /** An external broker: nothing is embedded, the back-office is an ordinary client. */
  mqttUrl: string | undefined;
  /** The back-office's own MQTT credentials: on an external broker, to sign in; on the embedded one, a client that may read everything. */
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** The largest payload a reader may publish; larger ones are refused and logged. */
  mqttMaxPayloadBytes: number;
  /** On an external broker, this server's client id: fixed, so that the broker keeps its session (and what arrives for it) across a broken link. */
  mqttClientId: string;
  /** How long an external broker keeps this server's session, and queues its messages, once its link is down. */
  mqttSessionExpirySeconds: number;
  /** The external broker is a Mosquitto 2 with its dynamic security plugin, whose admin client the back-office is: it keeps the readers' accounts there. */
  mqttDynamicSecurity: boolean;
  /** The secret an external broker's HTTP hooks (EMQX) send to ask who may sign in and use which topic; unset: the hooks refuse every call. */
  mqttHookSecret: string | undefined;
  /** The most data rows one Excel import reads; the read stops at the next one. */
  importMaxRows: number;
  /** The SMTP server alert e-mails go through (`smtp://user:pass@host:587`); unset: no e-mail is sent. */
  smtpUrl: string | undefined;
  /** The sender of those e-mails. */
  mailFrom: string;
  serviceVersion: string;
  /** This server's name among several sharing one database and broker: in every log line, on the readers it owns. */
  serverId: string;
  /** Redis (`redis://host:6379`): pushes reach the browsers connected to any server (socket.io's adapter); unset: each server pushes to its own. */
  redisUrl: string | undefined;
  /** On an external broker, how long a server's hold on a reader lasts unrenewed: a dead server's readers move to another within it. */
  readerLeaseSeconds: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return n;
}

/** "12h", "30m", "45s", "2d" or plain seconds. */
export function parseDuration(name: string, raw: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  if (!m) throw new ConfigError(`${name} must look like 12h, 30m, 45s or 2d, got "${raw}"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

export class ConfigError extends Error {}

/**
 * TRUST_PROXY: unset or `false`, the client's address is the connection's (a client cannot choose
 * its address, so sign-in throttling holds); `true`, every proxy is trusted; a number, that many hops;
 * otherwise Express's list of trusted addresses or subnets (`loopback`, `10.0.0.0/8, 127.0.0.1`).
 */
export function parseTrustProxy(raw: string | undefined): boolean | number | string {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = int(env, 'PORT', 3000);
  // two servers on one machine differ by their port
  const serverId = env.SERVER_ID || `${os.hostname()}-${port}`;
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 0),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: parseDuration('TOKEN_TTL', env.TOKEN_TTL || '12h'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1),
    loginLockSeconds: parseDuration('LOGIN_LOCK_TIME', env.LOGIN_LOCK_TIME || '15m'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    importMaxRows: int(env, 'IMPORT_MAX_ROWS', 20_000, 1),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'RFID back-office <no-reply@localhost>',
    mqttPort: int(env, 'MQTT_PORT', 1883),
    mqttPortExplicit: env.MQTT_PORT !== undefined && env.MQTT_PORT !== '',
    mqttWebSocket: env.MQTT_WEBSOCKET !== 'false',
    mqttUrl: env.MQTT_URL || undefined,
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    mqttDynamicSecurity: env.MQTT_DYNAMIC_SECURITY === 'true',
    mqttHookSecret: env.MQTT_HOOK_SECRET || undefined,
    mqttMaxPayloadBytes: int(env, 'MQTT_MAX_PAYLOAD', 256 * 1024, 1024),
    mqttClientId: env.MQTT_CLIENT_ID || `rfid-backoffice-${serverId}`,
    mqttSessionExpirySeconds: parseDuration('MQTT_SESSION_EXPIRY', env.MQTT_SESSION_EXPIRY || '1d'),
    serverId,
    redisUrl: env.REDIS_URL || undefined,
    readerLeaseSeconds: int(env, 'READER_LEASE_SECONDS', 10, 2),
    serviceVersion: (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
  };
}
