/**
 * A reader reports a tag in front of it many times a second; the back-office wants it once per
 * window. Remembers when each (reader, EPC) was last let through; forgets what is older than the
 * window, every so often, so the memory follows the tags in front of readers, not all tags ever seen.
 */
export class ReadDedupe {
  private lastPassed = new Map<string, number>();
  private sweptAt = 0;

  /** Whether this read starts a new window for its reader and EPC (and so becomes an observation). */
  pass(readerId: string, epc: string, atMs: number, windowMs: number): boolean {
    if (atMs - this.sweptAt > Math.max(windowMs, 1000) * 5) this.sweep(atMs, windowMs);
    const key = `${readerId}|${epc}`;
    const last = this.lastPassed.get(key);
    if (last !== undefined && atMs - last < windowMs) return false;
    this.lastPassed.set(key, atMs);
    return true;
  }

  get size(): number {
    return this.lastPassed.size;
  }

  private sweep(nowMs: number, windowMs: number): void {
    this.sweptAt = nowMs;
    for (const [key, at] of this.lastPassed) if (nowMs - at >= windowMs) this.lastPassed.delete(key);
  }
}
