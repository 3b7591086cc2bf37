import type { Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle, type Db } from './database/database.js';
import { EventStore } from './event-store/event-store.js';
import { EventNotifier } from './event-store/subscription.js';
import type { InlineProjection } from './projections/inline-projections.js';
import { InlineProjections } from './projections/inline-projections.js';
import { ProcessorRunner } from './projections/processor-runner.js';

/**
 * The parts every module stands on, made before the HTTP application so that command-line tools and
 * tests can use them without it: database, event store, projections, processors, logger.
 */
export class Platform {
  readonly store: EventStore;
  readonly notifier: EventNotifier;
  readonly processors: ProcessorRunner;

  private constructor(
    readonly config: Config,
    readonly logger: Logger,
    readonly database: DatabaseHandle,
    readonly projections: InlineProjections,
  ) {
    this.notifier = new EventNotifier(database.url, database.pool, logger);
    this.store = new EventStore(database.db, database.pool, projections, () => this.notifier.signal());
    this.processors = new ProcessorRunner(database.db, database.pool, this.store, this.notifier, logger);
  }

  get db(): Db {
    return this.database.db;
  }

  static async create(
    config: Config,
    logger: Logger,
    projections: InlineProjection[],
    opts: { attach?: boolean; listen?: boolean } = {},
  ): Promise<Platform> {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPgPort: config.embeddedPgPort,
      poolSize: config.dbPoolSize,
      logger,
      attach: opts.attach,
    });
    const registry = new InlineProjections();
    for (const p of projections) registry.register(p);
    const platform = new Platform(config, logger, database, registry);
    if (opts.listen !== false) await platform.notifier.start();
    return platform;
  }

  async close(): Promise<void> {
    await this.processors.stopAll();
    await this.notifier.stop();
    await this.database.close();
  }
}
