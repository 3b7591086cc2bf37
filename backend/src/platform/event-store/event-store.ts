import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type pg from 'pg';
import type { Db, DbOrTx, Tx } from '../database/database.js';
import type { EventsTable } from '../database/schema.js';
import { AppError } from '../errors/app-error.js';
import { systemClock, type Clock } from '../clock.js';
import { currentContext, SYSTEM_ACTOR } from '../context/action-context.js';
import type { InlineProjections } from '../projections/inline-projections.js';
import { canonicalJson, chainHash, contentDigest } from './hash.js';
import { START, type AppendResult, type Cursor, type EventMetadata, type ExpectedVersion, type NewEvent, type StoredEvent } from './types.js';

/** An events row as read back: metadata as text (parsed once per run), the time as epoch milliseconds. */
type EventRow = Omit<Selectable<EventsTable>, 'metadata' | 'recorded_at'> & { metadata: EventMetadata | string; recorded_at: number | Date };

/**
 * Rows to events. Metadata arrives as text and is parsed once per run of equal values: the events of
 * one append share it, and parsing it for each row was a fifth of the cost of reading $all.
 */
export function toStoredEvents(rows: EventRow[]): StoredEvent[] {
  let lastText: string | undefined;
  let lastMeta: EventMetadata | undefined;
  return rows.map((r) => {
    if (typeof r.metadata === 'string') {
      if (r.metadata !== lastText) {
        lastText = r.metadata;
        lastMeta = JSON.parse(r.metadata) as EventMetadata;
      }
      r.metadata = lastMeta!;
    }
    return toStoredEvent(r);
  });
}

export function toStoredEvent(r: EventRow): StoredEvent {
  return {
    globalPosition: r.global_position,
    transactionId: r.transaction_id,
    streamId: r.stream_id,
    streamType: r.stream_type,
    streamVersion: r.stream_version,
    eventId: r.event_id,
    type: r.type,
    data: r.data,
    metadata: typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as EventMetadata) : r.metadata,
    recordedAt: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

// transaction_id is selected as text (xid8 has no JavaScript type): ORDER BY must name events.transaction_id,
// or it would sort by the text alias, and "1000" sorts before "999".
// recorded_at travels as epoch milliseconds: pg's text date parser is the slowest part of reading rows.
const COLUMNS =
  'global_position, transaction_id::text as transaction_id, stream_id, stream_type, stream_version, event_id, type, data, metadata::text as metadata, ' +
  '(extract(epoch from recorded_at) * 1000)::float8 as recorded_at, prev_hash, hash';
const EVENT_COLUMNS = sql.raw(COLUMNS);
/** `$all` after a cursor; $4 (text[] or null) names the types whose data a reader wants: the others come without it. */
const READ_ALL_SQL = `select ${COLUMNS.replace(' data,', ' case when $4::text[] is null or type = any($4::text[]) then data end as data,')} from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  order by events.transaction_id, events.global_position
  limit $3`;

/** Metadata of the current request (actor, correlation id, source, client ip), overridable per call. */
export function metadataFromContext(override?: Partial<EventMetadata>): EventMetadata {
  const ctx = currentContext();
  return {
    actor: ctx?.actor ?? SYSTEM_ACTOR,
    correlationId: ctx?.correlationId ?? randomUUID(),
    causationId: null,
    source: ctx?.source ?? 'system',
    clientIp: ctx?.clientIp ?? null,
    ...override,
  };
}

interface AppendedRow {
  global_position: number;
  transaction_id: string;
  stream_version: number;
  prev_hash: string | null;
  hash: string;
}

const APPEND_CASTS = ['::text', '::text', '::int', '::uuid[]', '::text[]', '::jsonb[]', '::text[]', '::jsonb', '::timestamptz'];
const APPEND_SQL = `select * from append_events(${APPEND_CASTS.map((c, i) => `$${i + 1}${c}`).join(', ')})`;

/** How many streams appendToNewStreams writes per statement (bounds the size of its parameters). */
const NEW_STREAMS_PER_STATEMENT = 2000;

/** append_events() takes the named expectations as negative numbers. */
const EXPECTED_CODE: Record<string, number> = { any: -1, no_stream: -2, exists: -3 };

function describe(expected: ExpectedVersion): string {
  return typeof expected === 'number' ? `version ${expected}` : expected;
}

/**
 * What an event becomes before it is stored: its id, its data as jsonb will hold it (a JSON round
 * trip drops undefined values), and the digest of that content. The one place both append paths
 * prepare events, so what is hashed is always exactly what is stored.
 */
function prepareEvent(streamId: string, streamType: string, e: NewEvent, meta: PreparedMetadata, recordedAt: Date) {
  const eventId = randomUUID();
  const json = JSON.stringify(e.data ?? {});
  const data = JSON.parse(json) as unknown;
  const digest = contentDigest({ streamId, streamType, eventId, type: e.type, data, metadata: meta.value, recordedAt }, meta.canonical);
  return { eventId, type: e.type, json, data, digest };
}

interface PreparedMetadata {
  value: EventMetadata;
  json: string;
  canonical: string;
}

/** Metadata as stored (JSON round trip) and in canonical form, once per append. */
function prepareMetadata(metadata: EventMetadata): PreparedMetadata {
  const json = JSON.stringify(metadata);
  const value = JSON.parse(json) as EventMetadata;
  return { value, json, canonical: canonicalJson(value) };
}

/**
 * The append-only event store on PostgreSQL. Appends check the expected version
 * under a row lock on the stream, chain each event's hash to the previous one of its stream, and
 * run the inline projections in the same transaction.
 */
export class EventStore {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly projections: InlineProjections,
    /**
     * Told of every append, to wake the subscribers (EventNotifier): `tx` when the events were appended
     * in a caller's transaction, where they become visible only when it commits.
     */
    private readonly onAppended: (tx?: Tx) => Promise<void> | void = () => {},
    /** When an event is recorded: the platform's clock (a seeding that writes a past month gives it one of its own). */
    private readonly clock: Clock = systemClock,
    /** Told how long each append took, in seconds (the metrics). */
    private readonly timed: (seconds: number) => void = () => {},
  ) {}

  /**
   * Appends events to one stream. With `tx`, joins the caller's transaction (a command that also
   * writes elsewhere). Without, and with no inline projection for these events, it is a single
   * statement: one round trip.
   */
  async append(
    streamId: string,
    streamType: string,
    events: NewEvent[],
    opts: { expectedVersion?: ExpectedVersion; tx?: Tx; metadata?: Partial<EventMetadata> } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = opts.expectedVersion ?? 'any';
    const run = (db: DbOrTx) => this.appendIn(db, streamId, streamType, events, expected, metadataFromContext(opts.metadata));
    const started = performance.now();
    let result: AppendResult;
    if (opts.tx) result = await run(opts.tx);
    else if (!this.projections.handlesAny(events.map((e) => e.type))) result = await run(this.db);
    else result = await this.db.transaction().execute(run);
    this.timed((performance.now() - started) / 1000);
    await this.onAppended(opts.tx);
    return result;
  }

  private async appendIn(
    db: DbOrTx,
    streamId: string,
    streamType: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    metadata: EventMetadata,
  ): Promise<AppendResult> {
    const recordedAt = this.clock.now();
    const meta = prepareMetadata(metadata);
    const prepared = events.map((e) => prepareEvent(streamId, streamType, e, meta, recordedAt));
    let rows: AppendedRow[];
    const params = [
      streamId,
      streamType,
      EXPECTED_CODE[expected as string] ?? (expected as number),
      prepared.map((p) => p.eventId),
      prepared.map((p) => p.type),
      prepared.map((p) => p.json),
      prepared.map((p) => p.digest),
      meta.json,
      recordedAt,
    ];
    try {
      // Outside a transaction: straight to the pool as a prepared statement, the hot path.
      rows =
        db === this.db
          ? (await this.pool.query<AppendedRow>({ name: 'append_events', text: APPEND_SQL, values: params })).rows
          : (await sql<AppendedRow>`select * from append_events(${sql.join(params.map((v, i) => sql`${v}${sql.raw(APPEND_CASTS[i]!)}`))})`.execute(db)).rows;
    } catch (err) {
      if ((err as { code?: string }).code === 'ES409') {
        const actual = (JSON.parse((err as { detail?: string }).detail ?? '{}') as { actual?: unknown }).actual;
        throw new AppError('CONCURRENCY_CONFLICT', { streamId, expected: describe(expected), actual });
      }
      throw err;
    }
    const stored: StoredEvent[] = rows.map((r, i) => ({
      globalPosition: r.global_position,
      transactionId: r.transaction_id,
      streamId,
      streamType,
      streamVersion: r.stream_version,
      eventId: prepared[i]!.eventId,
      type: prepared[i]!.type,
      data: prepared[i]!.data,
      metadata: meta.value,
      recordedAt,
      prevHash: r.prev_hash,
      hash: r.hash,
    }));
    if (this.projections.handlesAny(events.map((e) => e.type))) await this.projections.apply(db as Tx, stored);
    return { nextVersion: stored[stored.length - 1]!.streamVersion, events: stored };
  }

  /**
   * Creates many new streams at once (an import, a bulk registration): the same events, hashes and
   * inline projections as one `append(..., { expectedVersion: 'no_stream' })` per stream, but a few
   * statements per thousand streams instead of a round trip per stream. A stream that exists already
   * is a CONCURRENCY_CONFLICT naming it, and nothing is written. With `tx`, joins the caller's transaction.
   */
  async appendToNewStreams(
    streams: { streamId: string; streamType: string; events: NewEvent[] }[],
    opts: { tx?: Tx; metadata?: Partial<EventMetadata>; onProgress?: (streamsWritten: number, total: number) => void } = {},
  ): Promise<StoredEvent[]> {
    if (streams.length === 0) return [];
    if (streams.some((s) => s.events.length === 0)) throw new Error('append needs at least one event per stream');
    const metadata = metadataFromContext(opts.metadata);
    const run = async (tx: Tx) => {
      const stored: StoredEvent[] = [];
      for (let i = 0; i < streams.length; i += NEW_STREAMS_PER_STATEMENT) {
        const chunk = streams.slice(i, i + NEW_STREAMS_PER_STATEMENT);
        const written = await this.insertNewStreams(tx, chunk, metadata);
        // Projected chunk by chunk (same transaction, same result) so progress means rows really written.
        if (this.projections.handlesAny([...new Set(written.map((e) => e.type))])) await this.projections.apply(tx, written);
        stored.push(...written);
        opts.onProgress?.(i + chunk.length, streams.length);
      }
      return stored;
    };
    const result = opts.tx ? await run(opts.tx) : await this.db.transaction().execute(run);
    await this.onAppended(opts.tx);
    return result;
  }

  private async insertNewStreams(
    tx: Tx,
    streams: { streamId: string; streamType: string; events: NewEvent[] }[],
    metadata: EventMetadata,
  ): Promise<StoredEvent[]> {
    const recordedAt = this.clock.now();
    const meta = prepareMetadata(metadata);
    const pending: StoredEvent[] = [];
    const lastHashes: string[] = [];
    for (const { streamId, streamType, events } of streams) {
      let prevHash: string | null = null;
      events.forEach((e, i) => {
        const { eventId, data, digest } = prepareEvent(streamId, streamType, e, meta, recordedAt);
        const hash = chainHash(prevHash, digest);
        pending.push({ globalPosition: 0, transactionId: '', streamId, streamType, streamVersion: i + 1, eventId, type: e.type, data, metadata: meta.value, recordedAt, prevHash, hash });
        prevHash = hash;
      });
      lastHashes.push(prevHash!);
    }
    try {
      await sql`
        insert into streams (stream_id, stream_type, version, last_hash, created_at, updated_at)
        select s.id, s.type, s.version, s.hash, ${recordedAt}::timestamptz, ${recordedAt}::timestamptz
        from unnest(${streams.map((s) => s.streamId)}::text[], ${streams.map((s) => s.streamType)}::text[],
                    ${streams.map((s) => s.events.length)}::int[], ${lastHashes}::text[]) as s(id, type, version, hash)`.execute(tx);
    } catch (err) {
      const e = err as { code?: string; constraint?: string; detail?: string };
      if (e.code === '23505' && e.constraint === 'streams_pkey') {
        const streamId = /\(stream_id\)=\((.*)\) already exists/.exec(e.detail ?? '')?.[1];
        throw new AppError('CONCURRENCY_CONFLICT', { streamId, expected: 'no_stream', actual: 'exists' });
      }
      throw err;
    }
    const { rows } = await sql<{ event_id: string; global_position: number; transaction_id: string }>`
      insert into events as e (stream_id, stream_type, stream_version, event_id, type, data, metadata, recorded_at, prev_hash, hash)
      select u.stream_id, u.stream_type, u.version, u.event_id, u.type, u.data, ${meta.json}::jsonb, ${recordedAt}::timestamptz, u.prev, u.hash
      from unnest(${pending.map((e) => e.streamId)}::text[], ${pending.map((e) => e.streamType)}::text[], ${pending.map((e) => e.streamVersion)}::int[],
                  ${pending.map((e) => e.eventId)}::uuid[], ${pending.map((e) => e.type)}::text[], ${pending.map((e) => JSON.stringify(e.data))}::jsonb[],
                  ${pending.map((e) => e.prevHash)}::text[], ${pending.map((e) => e.hash)}::text[])
           with ordinality as u(stream_id, stream_type, version, event_id, type, data, prev, hash, ord)
      order by u.ord
      returning e.event_id, e.global_position, e.transaction_id::text as transaction_id`.execute(tx);
    const positions = new Map(rows.map((r) => [r.event_id, r]));
    for (const e of pending) {
      const row = positions.get(e.eventId)!;
      e.globalPosition = row.global_position;
      e.transactionId = row.transaction_id;
    }
    return pending.sort((a, b) => a.globalPosition - b.globalPosition);
  }

  async readStream(streamId: string, opts: { fromVersion?: number; db?: DbOrTx } = {}): Promise<StoredEvent[]> {
    const res = await sql<EventRow>`
      select ${EVENT_COLUMNS} from events
      where stream_id = ${streamId} and stream_version >= ${opts.fromVersion ?? 1}
      order by stream_version`.execute(opts.db ?? this.db);
    return toStoredEvents(res.rows);
  }

  /**
   * Reads `$all` forward after a cursor. Only rows of transactions older than every transaction still
   * running are returned: a transaction that commits late can delay a reader but never be skipped.
   * With `types`, the other events come without their data (null): a reader that only moves past them
   * does not load a stocktake's bulky lists.
   */
  async readAll(after: Cursor, limit = 1000, opts: { types?: readonly string[] } = {}): Promise<StoredEvent[]> {
    const values = [after.transactionId, after.globalPosition, limit, opts.types ? [...opts.types] : null];
    return toStoredEvents((await this.pool.query<EventRow>({ name: 'read_all', text: READ_ALL_SQL, values })).rows);
  }

  /** The cursor after the last event `readAll` can return now: where a reader that wants only what comes next starts. */
  async head(): Promise<Cursor> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text, global_position from events where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by transaction_id desc, global_position desc limit 1`,
    );
    return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: Number(rows[0].global_position) } : START;
  }

  /** Every event in global position order, in pages: what a rebuild replays and the verifier reads. */
  async *scan(opts: { db?: DbOrTx; batchSize?: number; types?: string[] } = {}): AsyncGenerator<StoredEvent[]> {
    let after = 0;
    for (;;) {
      const res = await sql<EventRow>`
        select ${EVENT_COLUMNS} from events
        where global_position > ${after} ${opts.types ? sql`and type = any(${opts.types}::text[])` : sql``}
        order by global_position limit ${opts.batchSize ?? 5000}`.execute(opts.db ?? this.db);
      if (res.rows.length === 0) return;
      after = res.rows[res.rows.length - 1]!.global_position;
      yield toStoredEvents(res.rows);
    }
  }
}
