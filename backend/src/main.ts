import 'reflect-metadata';
import net from 'node:net';
import { createApp } from './app.js';
import { MODULES } from './modules/modules.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { StartupError } from './platform/database/embedded-postgres.js';
import { createLogger } from './platform/logging/logger.js';
import { Platform } from './platform/platform.js';
import { ReaderOwnership } from './modules/readers/readers.public.js';

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is in use: set PORT to a free port.`) : err),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, config.serverId);
  if (config.port !== 0) await assertPortFree(config.port, config.host);
  const platform = await Platform.create(config, logger, MODULES);
  let app;
  try {
    app = await createApp(platform);
    await app.listen(config.port, config.host);
  } catch (err) {
    // said before the cleanup, which waits for what had started
    logger.error({ err }, 'start failed');
    // a start that failed half-way may hold connections nothing will give back: the cleanup gets 5 s
    const cleanup = (async () => {
      await app?.close().catch(() => {});
      await platform.close();
    })();
    await Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    throw err;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port }, 'server listening');
  process.stdout.write(`RFID back-office listening on http://localhost:${port} (API docs: http://localhost:${port}/api/docs)\n`);
  const broker = platform.mqtt.info(port);
  if (broker.mode === 'embedded') process.stdout.write(`MQTT broker for readers: ${broker.urls.join(', ')}\n`);
  else if (broker.mode === 'external') process.stdout.write(`Readers are followed on the MQTT broker ${broker.urls.join(', ')}\n`);
  logger.info({ broker }, 'MQTT');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining: new requests refused, readers handed over, batches finished, then the broker session closed');
    try {
      platform.draining = true;
      const othersTakeOver = await app.get(ReaderOwnership).handOver();
      await app.close();
      // another server now handles the readers: the broker need not keep this one's session (and queue for it)
      await platform.close({ endBrokerSession: othersTakeOver });
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof StartupError || err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Startup failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
