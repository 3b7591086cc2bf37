import type { InboundMessage } from '../../../platform/mqtt/mqtt-access.js';

/** The most messages kept per reader: a flood while another server owns it cannot grow memory without bound. */
const PER_READER_MAX = 20_000;

/**
 * What a server hears of the readers another server owns, kept for a while (`keepMs`: the readers' lease
 * and a margin): if that server dies, the one that takes its readers replays what it heard since the dead
 * one's last renewal, so that the reads published during the switch are handled. Oldest first; per reader.
 */
export class TakeoverBuffer {
  private readonly byReader = new Map<string, InboundMessage[]>();

  constructor(private readonly keepMs: number) {}

  keep(readerId: string, message: InboundMessage): void {
    let kept = this.byReader.get(readerId);
    if (!kept) this.byReader.set(readerId, (kept = []));
    kept.push(message);
    const oldest = message.receivedAt.getTime() - this.keepMs;
    let drop = 0;
    while (drop < kept.length && (kept[drop]!.receivedAt.getTime() < oldest || kept.length - drop > PER_READER_MAX)) drop++;
    if (drop) kept.splice(0, drop);
  }

  /**
   * The next message of the reader received at `since` or later (all when null), taken off; undefined once
   * none is left. Taken one at a time, so that what arrives while the replay runs is replayed too.
   */
  next(readerId: string, since: Date | null): InboundMessage | undefined {
    const kept = this.byReader.get(readerId);
    while (kept?.length) {
      const message = kept.shift()!;
      if (!since || message.receivedAt.getTime() >= since.getTime()) return message;
    }
    this.byReader.delete(readerId);
    return undefined;
  }

  /** What is kept of the readers now, all readers together: for the metrics. */
  get size(): number {
    let n = 0;
    for (const kept of this.byReader.values()) n += kept.length;
    return n;
  }
}
