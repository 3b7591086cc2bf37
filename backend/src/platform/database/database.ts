import { Kysely, Migrator, PostgresDialect, type Migration, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { keepConnectionErrorsHandled } from './database-faults.js';
import { startEmbeddedPostgres, StartupError } from './embedded-postgres.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the pool or an open transaction: code that may join a caller's transaction takes this. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

// bigint columns (global positions, counts) as strings are awkward; they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** How long a query waits at most for a connection of the pool. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names (DATABASE_URL, or the embedded server) and brings its
 * schema up to date. `attach` lets a command-line tool use a running server's embedded database.
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  poolSize: number;
  logger: Logger;
  attach?: boolean;
  /** The schema to bring the database up to, by migration name; none: leave it as it is. */
  migrations?: Record<string, Migration>;
}): Promise<DatabaseHandle> {
  const embedded = opts.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: opts.dataDir, port: opts.embeddedPgPort, logger: opts.logger, attach: !!opts.attach });
  const url = opts.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize,
    application_name: 'rfid-backoffice',
    // a request waits this long at most for a connection (the server out of reach, or every connection
    // busy), then fails with the database unavailable (503) rather than hanging
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // a peer gone without a word (a failover, a cut network) is noticed by the socket, not only at the next query
    keepAlive: true,
  });
  keepConnectionErrorsHandled(pool, opts.logger);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    await pool.query('select 1');
  } catch (err) {
    await close();
    throw new StartupError(`Cannot reach PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}. Check DATABASE_URL.`);
  }
  try {
    if (opts.migrations) await migrate(db, opts.migrations, opts.logger);
  } catch (err) {
    await close();
    throw err;
  }
  return { db, pool, url, embedded: !!embedded, close };
}

export async function migrate(db: Db, migrations: Record<string, Migration>, logger: Logger): Promise<void> {
  // Each module's migrations stand alone (no table refers to another module's), so a database made
  // with fewer modules (a test platform, a tool) takes the others' migrations later, whatever their number.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Success') logger.info({ migration: r.migrationName }, 'migration applied');
    if (r.status === 'Error') logger.error({ migration: r.migrationName }, 'migration failed');
  }
  if (error) throw error;
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
