import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { IntegrationLogKind, IntegrationLogOutcome } from '@rfid/contracts';
import { isDatabaseUnavailable } from '../../../platform/database/database-faults.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { Platform } from '../../../platform/platform.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import type { KnownReader } from '../reader-views/reader-view.js';

/** The most of a payload the log keeps (its size is kept whole). */
const PAYLOAD_KEPT_BYTES = 64 * 1024;
/** What a grouped refusal keeps of each of its examples. */
const EXAMPLE_KEPT_BYTES = 1024;
const EXAMPLES_KEPT = 3;
/** Entries wait this long, or until this many are waiting, and are written in one statement. */
const FLUSH_MS = 500;
const FLUSH_AT = 500;
/** The most entries waiting, and refusal groups open, at once: what comes beyond is counted, not kept. */
const PENDING_MAX = 20_000;
const GROUPS_MAX = 10_000;
/** Rows per INSERT: 13 columns each, well below PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_INSERT = 1000;
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

/** Text PostgreSQL stores: a NUL or a lone UTF-16 surrogate (which it refuses, and with it the whole batch) becomes U+FFFD. */
function storable(text: string): string {
  return text.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A payload as the log shows it: text when it is UTF-8, else hex; at most `keptBytes`. */
function keptPayload(payload: Buffer | string, keptBytes = PAYLOAD_KEPT_BYTES): string {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const kept = bytes.subarray(0, keptBytes);
  const text = kept.toString('utf8');
  const isText = !text.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F]/.test(text);
  const shown = isText ? text : `hex: ${kept.toString('hex')}`;
  return bytes.length > keptBytes ? `${shown}… (${bytes.length} bytes in all)` : shown;
}

interface MinuteCount {
  reader: Pick<KnownReader, 'id' | 'code'>;
  minute: number;
  reads: number;
  tags: Set<string>;
  topic: string;
}

/** Refusals alike (one source, one reason, one minute): the first is written as it comes, the others counted. */
interface RefusalGroup {
  first: LogEntry;
  minute: number;
  more: number;
  examples: string[];
}

/**
 * The integration log's writer: every management message, command and response, and every message
 * refused or not understood, with its reason and payload; tag data counted per reader per minute
 * (a row per minute, not per read). Written in batches, off the message path; entries older than the
 * retention setting are deleted every hour.
 *
 * What a reader or an attacker sends cannot blind or flood it: refusals alike (a source, a reason, a
 * minute) are one row and one more row counting the rest with a few examples (`addGrouped`); every text
 * is made storable; a batch is split below PostgreSQL's parameter limit and, when it fails, written row
 * by row, so one bad row loses only itself; the waiting entries are bounded, and what is dropped is
 * counted in a row of its own.
 */
@Injectable()
export class IntegrationLog implements OnModuleDestroy {
  private pending: LogEntry[] = [];
  private minutes = new Map<string, MinuteCount>();
  private groups = new Map<string, RefusalGroup>();
  private dropped = 0;
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
    if (this.pending.length >= PENDING_MAX) {
      this.dropped++;
      return;
    }
    this.pending.push(entry);
    if (this.pending.length >= FLUSH_AT) void this.flush();
  }

  /**
   * A refusal that may come by the thousand (wrong passwords from one address, bad EPCs from one
   * reader): the first of its source (`source`: a reader, an address), reason and minute is written as
   * it comes; the others of that minute are counted, with up to EXAMPLES_KEPT examples, in one row.
   */
  addGrouped(entry: LogEntry, source: string): void {
    const minute = Math.floor(entry.at.getTime() / MINUTE_MS) * MINUTE_MS;
    const key = `${source}|${entry.reason ?? ''}|${minute}`;
    const group = this.groups.get(key);
    if (!group) {
      if (this.groups.size >= GROUPS_MAX) {
        this.dropped++;
        return;
      }
      this.groups.set(key, { first: entry, minute, more: 0, examples: [] });
      this.add(entry);
      return;
    }
    group.more++;
    if (entry.payload && group.examples.length < EXAMPLES_KEPT) group.examples.push(keptPayload(entry.payload, EXAMPLE_KEPT_BYTES));
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

  /** Writes what waits: the entries, and the minutes of tag data and of refusals that have ended (all of them with `all`). */
  flush(all = false): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const now = Date.now();
      const ended = [...this.minutes.entries()].filter(([, m]) => all || m.minute + MINUTE_MS <= now);
      for (const [key] of ended) this.minutes.delete(key);
      const endedGroups = [...this.groups.entries()].filter(([, g]) => all || g.minute + MINUTE_MS <= now);
      for (const [key] of endedGroups) this.groups.delete(key);
      const entries = this.pending;
      this.pending = [];
      const dropped = this.dropped;
      this.dropped = 0;
      const rows = [
        ...entries.map((e) => this.row(e)),
        ...endedGroups
          .filter(([, g]) => g.more > 0)
          .map(([, g]) =>
            this.row({
              ...g.first,
              at: new Date(g.minute),
              summary: `${g.more} more like it this minute: ${g.first.summary}`,
              payload: g.examples.length ? `examples:\n${g.examples.join('\n')}` : null,
            }, g.more),
          ),
        ...ended.map(([, m]) => this.row({ at: new Date(m.minute), reader: m.reader, kind: 'TAG_DATA', direction: 'IN', topic: m.topic, outcome: 'OK', summary: `${m.reads} reads of ${m.tags.size} tags` }, m.reads)),
        ...(dropped
          ? [this.row({ at: new Date(now), reader: null, kind: 'MGMT', direction: 'IN', topic: null, outcome: 'FAILED', reason: `more than ${PENDING_MAX} entries waiting`, summary: `${dropped} log entries dropped in a flood` }, dropped)]
          : []),
      ];
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await this.insert(rows.slice(i, i + ROWS_PER_INSERT));
    });
    return this.flushing;
  }

  private row(e: LogEntry, count: number | null = null) {
    const readerCode = e.reader?.code ?? e.readerCode ?? null;
    const summary = storable(e.summary.slice(0, 500));
    const reason = e.reason ? storable(e.reason.slice(0, 1000)) : null;
    const topic = e.topic ? storable(e.topic.slice(0, 500)) : null;
    return {
      at: e.at,
      reader_id: e.reader?.id ?? null,
      reader_code: readerCode ? storable(readerCode.slice(0, 100)) : null,
      kind: e.kind,
      direction: e.direction,
      topic,
      outcome: e.outcome,
      reason,
      summary,
      count,
      payload: e.payload ? storable(keptPayload(e.payload)) : null,
      payload_bytes: e.payload ? (typeof e.payload === 'string' ? Buffer.byteLength(e.payload) : e.payload.length) : null,
      search_key: searchKey(readerCode?.slice(0, 100), topic, summary, reason),
    };
  }

  /** One statement for the batch; if it fails, row by row, so that a row the database refuses loses only itself. */
  private async insert(rows: ReturnType<IntegrationLog['row']>[]): Promise<void> {
    if (!rows.length) return;
    try {
      await this.platform.db.insertInto('integration_logs').values(rows).execute();
      return;
    } catch (err) {
      // the database out of reach: nothing to learn row by row (the log is telemetry; these entries are lost)
      if (isDatabaseUnavailable(err)) {
        this.platform.logger.error({ err: (err as Error).message, rows: rows.length }, 'integration log entries lost: the database is out of reach');
        return;
      }
      if (rows.length === 1) {
        this.platform.logger.error({ err, summary: rows[0]!.summary }, 'an integration log entry could not be written');
        return;
      }
      this.platform.logger.warn({ err: (err as Error).message, rows: rows.length }, 'integration log entries could not be written together; writing them one by one');
    }
    for (const row of rows) await this.insert([row]);
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
