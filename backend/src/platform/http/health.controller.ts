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
  @ApiDoc({ summary: 'Liveness and database status; 503 while the database is unreachable' })
  async health(@Res({ passthrough: true }) res: Response) {
    let database: 'up' | 'down' = 'up';
    try {
      await sql`select 1`.execute(this.platform.db);
    } catch {
      database = 'down';
      res.status(503);
    }
    return {
      status: database === 'up' ? 'ok' : 'degraded',
      database,
      databaseMode: this.platform.database.embedded ? 'embedded' : 'external',
      version: this.platform.config.serviceVersion,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
