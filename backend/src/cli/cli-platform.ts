import { MODULES } from '../modules/modules.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { StartupError } from '../platform/database/embedded-postgres.js';
import { createLogger } from '../platform/logging/logger.js';
import { Platform } from '../platform/platform.js';

/**
 * Runs a command-line tool on the configured database: DATABASE_URL, or the embedded one of DATA_DIR
 * (the running server's, or started just for the tool). Returns the tool's exit code.
 */
export async function runCli(tool: (platform: Platform) => Promise<number>): Promise<never> {
  let code = 1;
  try {
    const config = loadConfig();
    const platform = await Platform.create(config, createLogger(process.env.LOG_LEVEL ?? 'warn'), MODULES, { attach: true, listen: false });
    try {
      code = await tool(platform);
    } finally {
      await platform.close();
    }
  } catch (err) {
    process.stderr.write(`${err instanceof StartupError || err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    code = 1;
  }
  process.exit(code);
}

/** A progress line that rewrites itself on a terminal and prints every so often elsewhere. */
export function progressLine(): { update: (text: string) => void; done: (text: string) => void } {
  const tty = process.stderr.isTTY;
  let last = 0;
  return {
    update(text) {
      if (tty) process.stderr.write(`\r${text}\x1b[K`);
      else if (Date.now() - last > 1000) {
        process.stderr.write(`${text}\n`);
        last = Date.now();
      }
    },
    done(text) {
      process.stderr.write(tty ? `\r${text}\x1b[K\n` : `${text}\n`);
    },
  };
}
