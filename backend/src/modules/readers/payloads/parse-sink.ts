import type { ReaderFormat } from '@rfid/contracts';
import { checkEpc } from './epc.js';
import type { ParseOutcome, ReaderMessage, RejectedPart, TagRead } from './reader-message.js';

/**
 * What one payload yields, gathered as its JSON values are read: messages in the order they came (a run
 * of tag reads is one `tag-reads` message, however many events carried them) and the parts refused.
 */
export class ParseSink {
  private format: ReaderFormat | null = null;
  private readonly messages: ReaderMessage[] = [];
  private readonly rejected: RejectedPart[] = [];
  /** The reads of the last message while it is a `tag-reads` one. */
  private reads: TagRead[] | null = null;

  /** A value of the payload was recognised as this format; the first one names the payload's format. */
  recognised(format: ReaderFormat): void {
    this.format ??= format;
  }

  read(read: TagRead): void {
    if (this.reads === null) {
      this.reads = [];
      this.messages.push({ kind: 'tag-reads', reads: this.reads });
    }
    this.reads.push(read);
  }

  message(message: ReaderMessage): void {
    this.reads = null;
    this.messages.push(message);
  }

  reject(reason: string, raw: unknown): void {
    this.rejected.push({ reason, raw });
  }

  /** The stored form of a reported EPC, or null once the part carrying it is refused with the reason. */
  epc(reported: unknown, part: unknown): string | null {
    if (typeof reported !== 'string') {
      this.reject(reported === undefined ? 'no EPC' : 'EPC is not text', part);
      return null;
    }
    const { epc, problem } = checkEpc(reported);
    if (problem !== null) this.reject(problem, part);
    return epc;
  }

  outcome(): ParseOutcome {
    return { format: this.format, messages: this.messages, rejected: this.rejected };
  }
}
