import { ERRORS } from '@rfid/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../metrics/metrics.js';
import type { Platform } from '../platform.js';

/**
 * While the server drains (SIGTERM), new requests are answered 503 SERVICE_UNAVAILABLE and their
 * connections closed, so a load balancer sends them to another server; the health routes still answer
 * (readiness says "draining").
 */
export function drainingGuard(platform: Platform, healthPath: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!platform.draining || req.path.startsWith(healthPath)) return next();
    res.status(503).set('Connection', 'close').json({ code: 'SERVICE_UNAVAILABLE', message: ERRORS.SERVICE_UNAVAILABLE.en, details: { reason: 'this server is shutting down' } });
  };
}

/** Every request's time, labelled by the route's pattern (`/api/samples/:id`), never by its values. */
export function httpTimings(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    res.once('finish', () => {
      const route = req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : req.path.startsWith('/api') ? 'unmatched' : 'web app';
      metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, (performance.now() - started) / 1000);
    });
    next();
  };
}
