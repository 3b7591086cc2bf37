import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { connectRedis, type RedisConnection } from './redis/redis.js';
import { Metrics } from './metrics/metrics.js';
import { openDatabase, type DatabaseHandle, type Db } from './database/database.js';
import { StreamCommands } from './commands/stream-commands.js';
import { EventStore } from './event-store/event-store.js';
import { PLATFORM_MIGRATIONS } from './event-store/migrations/index.js';
import { EventNotifier } from './event-store/subscription.js';
import { allMigrations, type ModuleDefinition } from './modules/module-definition.js';
import { InlineProjections } from './projections/inline-projections.js';
import { ProcessorRunner } from './projections/processor-runner.js';
import { PlatformMqtt } from './mqtt/mqtt.js';

/**
 * The parts every module stands on, made before the HTTP application so that command-line tools and
 * tests can use them without it: database, event store, the command path, projections, processors, logger.
 */
export class Platform {
  readonly store: EventStore;
  /** The one way a command changes the system: lock, load, decide, append. */
  readonly commands: StreamCommands;
  readonly notifier: EventNotifier;
  readonly processors: ProcessorRunner;
  /** The MQTT broker the readers talk to (embedded or external); started by the app. */
  readonly mqtt: PlatformMqtt;
  /** Redis, where several servers run (REDIS_URL): it carries pushes between them. */
  redis: RedisConnection | undefined;
  /** What this server tells Prometheus (`/metrics`). */
  readonly metrics: Metrics;
  /** SIGTERM came: new requests are refused and readiness fails, while what is under way finishes. */
  draining = false;

  private constructor(
    readonly config: Config,
    readonly logger: Logger,
    readonly database: DatabaseHandle,
    readonly projections: InlineProjections,
    /** The time that decides expiries (tokens, sessions, sign-in locks) and when events are recorded. */
    readonly clock: Clock,
  ) {
    this.metrics = new Metrics(config.serverId, database.pool);
    this.notifier = new EventNotifier(database.url, database.pool, logger);
    this.store = new EventStore(database.db, database.pool, projections, (tx) => this.notifier.signal(tx), clock, (seconds) => this.metrics.appendDuration.observe(seconds));
    this.commands = new StreamCommands(database.db, this.store);
    this.processors = new ProcessorRunner(database.db, database.pool, this.store, this.notifier, logger);
    this.mqtt = new PlatformMqtt(config, logger);
    this.metrics.sampled('rfid_processor_lag_events', 'Events in the store past the checkpoint of each processor this server runs', ['processor'], async (g) => {
      g.reset();
      for (const [name, lag] of await this.processors.lag()) g.set({ processor: name }, lag);
    });
  }

  get db(): Db {
    return this.database.db;
  }

  /** The platform with these modules' tables (migrated to their latest version) and inline projections. */
  static async create(
    config: Config,
    logger: Logger,
    modules: readonly ModuleDefinition[],
    opts: { attach?: boolean; listen?: boolean; clock?: Clock } = {},
  ): Promise<Platform> {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPgPort: config.embeddedPgPort,
      poolSize: config.dbPoolSize,
      logger,
      attach: opts.attach,
      migrations: allMigrations(PLATFORM_MIGRATIONS, modules),
    });
    const registry = new InlineProjections();
    for (const p of modules.flatMap((m) => m.projections)) registry.register(p);
    const platform = new Platform(config, logger, database, registry, opts.clock ?? systemClock);
    if (opts.listen !== false) {
      await platform.notifier.start();
      if (config.redisUrl) platform.redis = await connectRedis(config.redisUrl, logger).catch(async (err: unknown) => {
        await platform.close();
        throw err;
      });
    }
    return platform;
  }

  /** `endBrokerSession`: the external broker forgets this server's session (others handle the readers now). */
  async close({ endBrokerSession = false } = {}): Promise<void> {
    await this.mqtt.close({ endSession: endBrokerSession });
    await this.processors.stopAll();
    await this.notifier.stop();
    this.redis?.destroy();
    this.redis = undefined;
    await this.database.close();
  }
}
