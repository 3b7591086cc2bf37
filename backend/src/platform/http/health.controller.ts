import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sql } from 'kysely';
import { Public } from '../auth/access.decorators.js';
import { Platform } from '../platform.js';
import { ApiDoc } from './zod.js';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly platform: Platform) {}

  @Get()
  @Public()
  @ApiDoc({ summary: 'Liveness, the database and the MQTT broker link; 503 while the database is unreachable, "degraded" while the broker link is down' })
  async health(@Res({ passthrough: true }) res: Response) {
    let database: 'up' | 'down' = 'up';
    try {
      await sql`select 1`.execute(this.platform.db);
    } catch {
      database = 'down';
      res.status(503);
    }
    // a broker link down degrades the service (readers are not heard) but is no reason to take this server out of a load balancer
    const mqttLink = this.platform.mqtt.link();
    return {
      status: database === 'up' && mqttLink !== 'down' ? 'ok' : 'degraded',
      database,
      databaseMode: this.platform.database.embedded ? 'embedded' : 'external',
      mqtt: { mode: this.platform.mqtt.info().mode, link: mqttLink ?? null },
      version: this.platform.config.serviceVersion,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
