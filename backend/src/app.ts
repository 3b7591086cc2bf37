import { NestFactory } from '@nestjs/core';
import { LIMITS } from '@rfid/contracts';
import { json } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { pinoHttp } from 'pino-http';
import { AppModule } from './app.module.js';
import { PinoNestLogger } from './platform/logging/logger.js';
import { ErrorFilter } from './platform/http/error-filter.js';
import { jsonDepthGuard } from './platform/http/json-depth.js';
import { requestContextMiddleware } from './platform/http/request-context.middleware.js';
import { currentContext } from './platform/context/action-context.js';
import { listRoutes, OUTSIDE_THE_API } from './platform/http/route-catalogue.js';
import { serveWebApp } from './platform/http/web-app.js';
import { drainingGuard, httpTimings } from './platform/http/operations.js';
import { useSecurityHeaders } from './platform/http/security-headers.js';
import type { Platform } from './platform/platform.js';

export const API_PREFIX = 'api';
export const JSON_BODY_LIMIT = '1mb';
/** Every EPC at its longest, quoted and separated, and room for the rest of the body. */
const STOCKTAKE_UPLOAD_BODY_LIMIT = LIMITS.STOCKTAKE_UPLOAD_EPCS_MAX * (128 + 3) + 64 * 1024;

/** The HTTP application on a platform: used by the server, and by the API tests without a port. */
export async function createApp(platform: Platform): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(platform), {
    logger: new PinoNestLogger(platform.logger),
    bodyParser: false,
  });
  app.disable('x-powered-by');
  // Behind a proxy the client's address (sign-in throttling, the event log) comes from X-Forwarded-For, from trusted proxies only.
  app.set('trust proxy', platform.config.trustProxy);
  useSecurityHeaders(app, `/${API_PREFIX}/docs`);
  app.use(drainingGuard(platform, `/${API_PREFIX}/health`));
  app.use(httpTimings(platform.metrics));
  app.use(requestContextMiddleware);
  app.use(
    pinoHttp({
      logger: platform.logger,
      genReqId: () => currentContext()?.correlationId ?? '',
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => req.url?.startsWith(`/${API_PREFIX}/health`) === true || req.url === '/metrics' },
    }),
  );
  // A stocktake's upload carries up to STOCKTAKE_UPLOAD_EPCS_MAX EPCs of up to 128 characters: its body is sized for them.
  app.use(`/${API_PREFIX}/stocktakes/:id/scans`, json({ limit: STOCKTAKE_UPLOAD_BODY_LIMIT }));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use(jsonDepthGuard);
  if (!serveWebApp(app)) platform.logger.warn('the web app is not built (frontend/dist): serving the API only');
  app.setGlobalPrefix(API_PREFIX, { exclude: OUTSIDE_THE_API });
  app.useGlobalFilters(new ErrorFilter(platform.logger));

  const config = new DocumentBuilder()
    .setTitle('RFID sample & product back-office API')
    .setVersion(platform.config.serviceVersion)
    .addBearerAuth()
    .build();
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
  });

  await app.init();
  // The readers' broker starts once every module has registered with it (MqttAccess and its listener).
  await platform.mqtt.start(app.getHttpServer());
  const undeclared = listRoutes(app, API_PREFIX).filter((r) => !r.access);
  if (undeclared.length) {
    throw new Error(`routes without an access rule: ${undeclared.map((r) => `${r.method} ${r.path}`).join(', ')}`);
  }
  return app;
}
