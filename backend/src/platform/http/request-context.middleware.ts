import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithContext, SYSTEM_ACTOR } from '../context/action-context.js';

const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Opens the request's context: correlation id (taken from the caller when well-formed), client ip. */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.header(CORRELATION_HEADER);
  const correlationId = given && SAFE_ID.test(given) ? given : randomUUID();
  res.setHeader(CORRELATION_HEADER, correlationId);
  runWithContext({ correlationId, source: 'http', clientIp: req.ip ?? null, actor: { ...SYSTEM_ACTOR, kind: 'system', name: 'anonymous' } }, () =>
    next(),
  );
}
