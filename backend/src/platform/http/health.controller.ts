import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sql } from 'kysely';
import { Public } from '../auth/access.decorators.js';
import { Platform } from '../platform.js';
import { ApiDoc } from './zod.js';

/** A processor this far behind the store makes the server not ready: its side effects (alarms, notifications) come late. */
const READY_LAG_EVENTS = 10_000;

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly platform: Platform) {}

  private async database(): Promise<'up' | 'down'> {
    try {
      await sql`select 1`.execute(this.platform.db);
      return 'up';
    } catch {
      return 'down';
    }
  }

  @Get()
  @Public()
  @ApiDoc({ summary: 'Liveness, the database and the MQTT broker link; 503 while the database is unreachable, "degraded" while the broker link is down' })
  async health(@Res({ passthrough: true }) res: Response) {
    const database = await this.database();
    if (database === 'down') res.status(503);
    // a broker link down degrades the service (readers are not heard) but is no reason to take this server out of a load balancer
    const mqttLink = this.platform.mqtt.link();
    return {
      status: database === 'up' && mqttLink !== 'down' ? 'ok' : 'degraded',
      database,
      databaseMode: this.platform.database.embedded ? 'embedded' : 'external',
      mqtt: { mode: this.platform.mqtt.info().mode, link: mqttLink ?? null },
      version: this.platform.config.serviceVersion,
      server: this.platform.config.serverId,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  @Get('live')
  @Public()
  @ApiDoc({ summary: 'The process answers (200): restart it if not' })
  live() {
    return { status: 'ok', server: this.platform.config.serverId };
  }

  @Get('ready')
  @Public()
  @ApiDoc({ summary: 'Whether to send this server work: its database, broker link and Redis up, its processors caught up, not draining; 503 with what is not' })
  async ready(@Res({ passthrough: true }) res: Response) {
    const [database, redis, lag] = await Promise.all([
      this.database(),
      this.platform.redis ? this.platform.redis.ping().then(() => 'up' as const, () => 'down' as const) : Promise.resolve(null),
      this.platform.processors.lag().catch(() => new Map<string, number>()),
    ]);
    const mqtt = this.platform.mqtt.link() ?? null;
    const behind = [...lag].filter(([, events]) => events > READY_LAG_EVENTS).map(([name]) => name);
    const ready = !this.platform.draining && database === 'up' && mqtt !== 'down' && redis !== 'down' && behind.length === 0;
    if (!ready) res.status(503);
    return { status: ready ? 'ready' : 'not ready', draining: this.platform.draining, database, mqtt, redis, processorLag: Object.fromEntries(lag), server: this.platform.config.serverId };
  }
}

/** Prometheus's scrape (`GET /metrics`, outside /api): the server's series in its text format. */
@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly platform: Platform) {}

  @Get()
  @Public()
  @ApiDoc({ summary: 'Prometheus metrics: reads, observations, queues, readers, HTTP latency, appends, processor lag, pushes, the database pool' })
  async metrics(@Res() res: Response) {
    const registry = this.platform.metrics.registry;
    res.type(registry.contentType).send(await registry.metrics());
  }
}
