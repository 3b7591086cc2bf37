import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './test-platform.js';

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));

/** The server as a site runs it, in a process of its own that a test or a benchmark may kill. */
export interface ServerProcess {
  /** `http://127.0.0.1:{port}` */
  url: string;
  process: ChildProcess;
  pid: number;
  /** Ends it with `signal` (SIGKILL: no goodbye of any kind) and waits until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `npm start`'s program (backend/dist/main.js, with `nodeFlags`: a benchmark passes `npm start`'s)
 * on `databaseUrl` with `env` on top (MQTT_PORT ...), on a free HTTP port, `admin` signed in with the
 * test password; resolves once it listens.
 */
export function startServerProcess(databaseUrl: string, env: Record<string, string> = {}, nodeFlags: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeFlags, MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD, MQTT_WEBSOCKET: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const listening = (d: Buffer) => {
      out += d.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (!port) return;
      child.stdout!.off('data', listening);
      child.stdout!.resume();
      resolve({ url: `http://127.0.0.1:${port}`, process: child, pid: child.pid!, kill });
    };
    child.stdout!.on('data', listening);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened: ${out}`)));
  });
}
