/**
 * A reader reports a tag in front of it many times a second; the back-office wants it once per
 * window. Remembers when each (reader, EPC) was last let through; forgets what is older than the
 * window, every so often, so the memory follows the tags in front of readers, not all tags ever seen.
 */
export class ReadDedupe {
  /** Per reader, when each EPC was last let through. */
  private lastPassed = new Map<string, Map<string, number>>();
  private sweptAt = 0;

  /** Whether this read starts a new window for its reader and EPC (and so becomes an observation). */
  pass(readerId: string, epc: string, atMs: number, windowMs: number): boolean {
    if (atMs - this.sweptAt > Math.max(windowMs, 1000) * 5) this.sweep(atMs, windowMs);
    let passed = this.lastPassed.get(readerId);
    if (passed === undefined) this.lastPassed.set(readerId, (passed = new Map()));
    const last = passed.get(epc);
    if (last !== undefined && atMs - last < windowMs) return false;
    passed.set(epc, atMs);
    return true;
  }

  /** Forgets that these reads were let through (at `atMs`): they were not taken in, and the same reads sent again must pass. */
  forget(readerId: string, epcs: readonly string[], atMs: number): void {
    const passed = this.lastPassed.get(readerId);
    for (const epc of epcs) if (passed?.get(epc) === atMs) passed.delete(epc);
  }

  get size(): number {
    let size = 0;
    for (const passed of this.lastPassed.values()) size += passed.size;
    return size;
  }

  private sweep(nowMs: number, windowMs: number): void {
    this.sweptAt = nowMs;
    for (const [readerId, passed] of this.lastPassed) {
      for (const [epc, at] of passed) if (nowMs - at >= windowMs) passed.delete(epc);
      if (passed.size === 0) this.lastPassed.delete(readerId);
    }
  }
}
