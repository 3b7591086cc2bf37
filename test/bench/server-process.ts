// The server as `npm start` runs it, in a process of its own, for the benchmarks that measure its memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The server process's resident memory now and its peak (VmHWM) since the last reset, in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Starts counting the server's peak RSS afresh (Linux: "5" to clear_refs resets VmHWM); false where it cannot. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The node flags of `npm start` (package.json), so that the server runs here as it runs there. */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const flags = /\bnode((?:\s+--\S+)*)\s+backend\/dist\/main\.js/.exec(pkg.scripts.start)?.[1] ?? '';
  return flags.split(/\s+/).filter(Boolean);
}

/** Starts `backend/dist/main.js` with `npm start`'s flags and these variables; resolves once it listens, with its address. */
export async function startServer(flags: string[], env: Record<string, string>): Promise<{ server: ChildProcess; base: string; pid: number }> {
  const server = spawn(process.execPath, [...flags, fileURLToPath(new URL('../../../backend/dist/main.js', import.meta.url))], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DB_POOL_SIZE: '10', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  return { server, base, pid: server.pid! };
}
