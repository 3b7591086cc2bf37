// What the benchmarks that run the server in a process of its own (startServerProcess) measure of it, and `npm start`'s node flags.
import fs from 'node:fs';

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
