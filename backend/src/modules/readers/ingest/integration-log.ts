import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { IntegrationLogKind, IntegrationLogOutcome } from '@rfid/contracts';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { Platform } from '../../../platform/platform.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import type { KnownReader } from './reader-directory.js';

/** The most of a payload the log keeps (its size is kept whole). */
const PAYLOAD_KEPT_BYTES = 64 * 1024;
/** Entries wait this long, or until this many are waiting, and are written in one statement. */
const FLUSH_MS = 500;
const FLUSH_AT = 500;
/** What the log holds for tag data: a row per reader per minute. */
const MINUTE_MS = 60_000;

export interface LogEntry {
  at: Date;
  reader: Pick<KnownReader, 'id' | 'code'> | null;
  /** Who it came from when no reader is known (an MQTT username). */
  readerCode?: string | null;
  kind: IntegrationLogKind;
  direction: 'IN' | 'OUT';
  topic: string | null;
  outcome: IntegrationLogOutcome;
  reason?: string | null;
  summary: string;
  payload?: Buffer | string | null;
}

/** A payload as the log shows it: text when it is UTF-8, else hex; at most PAYLOAD_KEPT_BYTES. */
function keptPayload(payload: Buffer | string): string {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const kept = bytes.subarray(0, PAYLOAD_KEPT_BYTES);
  const text = kept.toString('utf8');
  const isText = !text.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F]/.test(text);
  const shown = isText ? text : `hex: ${kept.toString('hex')}`;
  return bytes.length > PAYLOAD_KEPT_BYTES ? `${shown}… (${bytes.length} bytes in all)` : shown;
}

interface MinuteCount {
  reader: Pick<KnownReader, 'id' | 'code'>;
  minute: number;
  reads: number;
  tags: Set<string>;
  topic: string;
}

/**
 * The integration log's writer: every management message, command and response, and every message
 * refused or not understood, with its reason and payload; tag data counted per reader per minute
 * (a row per minute, not per read). Written in batches, off the message path; entries older than the
 * retention setting are deleted every hour.
 */
@Injectable()
export class IntegrationLog implements OnModuleDestroy {
  private pending: LogEntry[] = [];
  private minutes = new Map<string, MinuteCount>();
  private flushTimer: NodeJS.Timeout;
  private retentionTimer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly settings: SystemSettingsService,
  ) {
    this.flushTimer = setInterval(() => void this.flush(), FLUSH_MS);
    this.flushTimer.unref();
    this.retentionTimer = setInterval(() => void this.deleteExpired(), 3600_000);
    this.retentionTimer.unref();
  }

  add(entry: LogEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= FLUSH_AT) void this.flush();
  }

  /** Counts tag reads into their reader's minute. */
  countReads(reader: Pick<KnownReader, 'id' | 'code'>, topic: string, epcs: readonly string[], at: Date): void {
    const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
    const key = `${reader.id}|${minute}`;
    let count = this.minutes.get(key);
    if (!count) {
      count = { reader, minute, reads: 0, tags: new Set(), topic };
      this.minutes.set(key, count);
    }
    count.reads += epcs.length;
    // the distinct tags of a minute, up to a bound that keeps the memory of a flood small
    for (const epc of epcs) if (count.tags.size < 100_000) count.tags.add(epc);
  }

  /** Writes what waits: the entries, and the minutes of tag data that have ended (all of them with `all`). */
  flush(all = false): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const now = Date.now();
      const ended = [...this.minutes.entries()].filter(([, m]) => all || m.minute + MINUTE_MS <= now);
      for (const [key] of ended) this.minutes.delete(key);
      const entries = this.pending;
      this.pending = [];
      const rows = [
        ...entries.map((e) => ({
          at: e.at,
          reader_id: e.reader?.id ?? null,
          reader_code: e.reader?.code ?? e.readerCode ?? null,
          kind: e.kind,
          direction: e.direction,
          topic: e.topic,
          outcome: e.outcome,
          reason: e.reason ?? null,
          summary: e.summary.slice(0, 500),
          count: null,
          payload: e.payload ? keptPayload(e.payload) : null,
          payload_bytes: e.payload ? (typeof e.payload === 'string' ? Buffer.byteLength(e.payload) : e.payload.length) : null,
          search_key: searchKey(e.reader?.code ?? e.readerCode, e.topic, e.summary, e.reason),
        })),
        ...ended.map(([, m]) => ({
          at: new Date(m.minute),
          reader_id: m.reader.id,
          reader_code: m.reader.code,
          kind: 'TAG_DATA',
          direction: 'IN',
          topic: m.topic,
          outcome: 'OK',
          reason: null,
          summary: `${m.reads} reads of ${m.tags.size} tags`,
          count: m.reads,
          payload: null,
          payload_bytes: null,
          search_key: searchKey(m.reader.code, m.topic),
        })),
      ];
      if (!rows.length) return;
      try {
        await this.platform.db.insertInto('integration_logs').values(rows).execute();
      } catch (err) {
        this.platform.logger.error({ err, rows: rows.length }, 'integration log entries could not be written');
      }
    });
    return this.flushing;
  }

  async deleteExpired(): Promise<void> {
    const days = this.settings.current().integrationLogRetentionDays;
    try {
      await this.platform.db
        .deleteFrom('integration_logs')
        .where('at', '<', new Date(Date.now() - days * 86_400_000))
        .execute();
    } catch (err) {
      this.platform.logger.error({ err }, 'integration log retention failed');
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.flushTimer);
    clearInterval(this.retentionTimer);
    await this.flush(true);
  }
}
