import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../../frontend/dist', import.meta.url));

/** Paths the browser app never owns: the API, the socket, the translation files. */
const NOT_THE_APP = /^\/(api|ws|locales|metrics)(\/|$)/;

/**
 * Serves the built browser app at `/`: hashed assets cached for a year, index.html never cached,
 * and every other GET that asks for a page answered with index.html so deep links work. The API,
 * the socket and files that do not exist are never swallowed by that fallback.
 */
export function serveWebApp(app: NestExpressApplication, dir = WEB_DIST_DIR): boolean {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  app.useStaticAssets(dir, {
    index: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_THE_APP.test(req.path) || path.extname(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
