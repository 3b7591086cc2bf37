import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The app's Content-Security-Policy: scripts, styles, fonts and connections (the API, the socket.io
 * channel) from this origin only, images also as data: URLs; no plugins, no framing, no foreign form
 * targets. No inline script or style is allowed, so text a user typed can never run in another
 * user's browser even if a screen failed to escape it — which is what protects the session token the
 * browser keeps in localStorage (the stored session): a script that could read it cannot run. The
 * built app needs nothing more (the browser tests fail on any CSP report in the console).
 */
const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The OpenAPI page (Swagger UI) writes its start-up script and styles inline: allowed there only. */
const DOCS_CSP = { ...APP_CSP, scriptSrc: ["'self'", "'unsafe-inline'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:', 'https:'] };

/**
 * Security headers on every answer (helmet: CSP, X-Content-Type-Options nosniff, X-Frame-Options DENY,
 * Referrer-Policy no-referrer, HSTS ...), and `Cache-Control: no-store` on the API's answers: they hold
 * what one signed-in user may see, which no shared or browser cache should keep.
 */
export function useSecurityHeaders(app: NestExpressApplication, docsPath: string): void {
  const appHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: APP_CSP }, frameguard: { action: 'deny' }, referrerPolicy: { policy: 'no-referrer' } });
  const docsHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP }, frameguard: { action: 'deny' }, referrerPolicy: { policy: 'no-referrer' } });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith(docsPath) ? docsHeaders : appHeaders)(req, res, next));
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
}
