import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { currentContext } from '../context/action-context.js';

/** Nest's injection token of the process's pino logger: `@Inject(LOGGER) logger: Logger`. */
export const LOGGER = Symbol('LOGGER');

/** One pino logger for the process; every line carries the server's id, and the request's correlation id when there is one. */
export function createLogger(level: string, serverId?: string): Logger {
  return pino({
    level,
    base: { service: 'rfid-backoffice', ...(serverId ? { server: serverId } : {}) },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx ? { correlationId: ctx.correlationId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'passwordHash', '*.passwordHash'], censor: '[redacted]' },
  });
}

/** Nest's own log lines go through pino too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
