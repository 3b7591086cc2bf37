import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../database/database.js';
import { AppError } from '../errors/app-error.js';
import { currentContext, SYSTEM_ACTOR } from '../http/request-context.js';
import type { InlineProjections } from '../projections/inline-projections.js';
import { eventHash } from './hash.js';
import type { AppendResult, Cursor, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './types.js';

interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_type: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  prev_hash: string | null;
  hash: string;
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
    metadata: r.metadata,
    recordedAt: r.recorded_at,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

// transaction_id is selected as text (xid8 has no JavaScript type): ORDER BY must name events.transaction_id,
// or it would sort by the text alias, and "1000" sorts before "999".
const EVENT_COLUMNS = sql.raw(
  'global_position, transaction_id::text as transaction_id, stream_id, stream_type, stream_version, event_id, type, data, metadata, recorded_at, prev_hash, hash',
);

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

function describe(expected: ExpectedVersion): string {
  return typeof expected === 'number' ? `version ${expected}` : expected;
}

/**
 * The append-only event store of DESIGN.md D2 on PostgreSQL. Appends check the expected version
 * under a row lock on the stream, chain each event's hash to the previous one of its stream, and
 * run the inline projections in the same transaction.
 */
export class EventStore {
  constructor(
    private readonly db: Db,
    private readonly projections: InlineProjections,
  ) {}

  /**
   * Appends events to one stream. With `tx`, joins the caller's transaction (a command that also
   * writes elsewhere); otherwise opens its own.
   */
  async append(
    streamId: string,
    streamType: string,
    events: NewEvent[],
    opts: { expectedVersion?: ExpectedVersion; tx?: Tx; metadata?: Partial<EventMetadata> } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const run = (tx: Tx) => this.appendIn(tx, streamId, streamType, events, opts.expectedVersion ?? 'any', metadataFromContext(opts.metadata));
    return opts.tx ? run(opts.tx) : this.db.transaction().execute(run);
  }

  private async appendIn(
    tx: Tx,
    streamId: string,
    streamType: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    metadata: EventMetadata,
  ): Promise<AppendResult> {
    const current = await sql<{ version: number; last_hash: string }>`
      select version, last_hash from streams where stream_id = ${streamId} for update`.execute(tx);
    const row = current.rows[0];
    const actual = row?.version ?? 0;
    const conflict = row
      ? expected === 'no_stream' || (typeof expected === 'number' && expected !== actual)
      : expected === 'exists' || (typeof expected === 'number' && expected !== 0);
    if (conflict) {
      throw new AppError('CONCURRENCY_CONFLICT', { streamId, expected: describe(expected), actual: row ? actual : 'no_stream' });
    }

    const recordedAt = new Date();
    // Store exactly what is hashed: a JSON round trip drops undefined values as jsonb would.
    const meta = JSON.parse(JSON.stringify(metadata)) as EventMetadata;
    let prevHash: string | null = row?.last_hash || null;
    const prepared = events.map((e, i) => {
      const streamVersion = actual + i + 1;
      const content = {
        streamId,
        streamType,
        streamVersion,
        eventId: randomUUID(),
        type: e.type,
        data: JSON.parse(JSON.stringify(e.data ?? {})) as unknown,
        metadata: meta,
        recordedAt,
      };
      const hash = eventHash(prevHash, content);
      const item = { ...content, prevHash, hash };
      prevHash = hash;
      return item;
    });
    const last = prepared[prepared.length - 1]!;

    const columns = {
      versions: prepared.map((p) => p.streamVersion),
      ids: prepared.map((p) => p.eventId),
      types: prepared.map((p) => p.type),
      data: prepared.map((p) => JSON.stringify(p.data)),
      prevHashes: prepared.map((p) => p.prevHash),
      hashes: prepared.map((p) => p.hash),
    };
    const metaJson = JSON.stringify(meta);
    // A new stream's row is inserted with the events; if a concurrent append created it first, the
    // insert does nothing, no event is written, and that is a conflict like any other.
    const streamWrite = row
      ? sql`update streams set version = ${last.streamVersion}, last_hash = ${last.hash}, updated_at = ${recordedAt}
            where stream_id = ${streamId} returning 1`
      : sql`insert into streams (stream_id, stream_type, version, last_hash, created_at, updated_at)
            values (${streamId}, ${streamType}, ${last.streamVersion}, ${last.hash}, ${recordedAt}, ${recordedAt})
            on conflict (stream_id) do nothing returning 1`;
    const inserted = await sql<{ global_position: number; transaction_id: string }>`
      with stream_row as (${streamWrite})
      insert into events (stream_id, stream_type, stream_version, event_id, type, data, metadata, recorded_at, prev_hash, hash)
      select ${streamId}, ${streamType}, u.version, u.id, u.type, u.data, ${metaJson}::jsonb, ${recordedAt}, u.prev_hash, u.hash
      from unnest(${columns.versions}::int[], ${columns.ids}::uuid[], ${columns.types}::text[], ${columns.data}::jsonb[],
                  ${columns.prevHashes}::text[], ${columns.hashes}::text[]) as u(version, id, type, data, prev_hash, hash)
      where exists (select 1 from stream_row)
      returning global_position, transaction_id::text as transaction_id`.execute(tx);
    if (inserted.rows.length === 0) {
      throw new AppError('CONCURRENCY_CONFLICT', { streamId, expected: describe(expected), actual: 'created concurrently' });
    }

    const stored: StoredEvent[] = prepared.map((p, i) => ({
      ...p,
      globalPosition: inserted.rows[i]!.global_position,
      transactionId: inserted.rows[i]!.transaction_id,
    }));
    await this.projections.apply(tx, stored);
    return { nextVersion: last.streamVersion, events: stored };
  }

  async readStream(streamId: string, opts: { fromVersion?: number; db?: DbOrTx } = {}): Promise<StoredEvent[]> {
    const res = await sql<EventRow>`
      select ${EVENT_COLUMNS} from events
      where stream_id = ${streamId} and stream_version >= ${opts.fromVersion ?? 1}
      order by stream_version`.execute(opts.db ?? this.db);
    return res.rows.map(toStoredEvent);
  }

  /**
   * Reads `$all` forward after a cursor. Only rows of transactions older than every transaction still
   * running are returned: a transaction that commits late can delay a reader but never be skipped.
   */
  async readAll(after: Cursor, limit = 1000, db: DbOrTx = this.db): Promise<StoredEvent[]> {
    const res = await sql<EventRow>`
      select ${EVENT_COLUMNS} from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by events.transaction_id, events.global_position
      limit ${limit}`.execute(db);
    return res.rows.map(toStoredEvent);
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
      yield res.rows.map(toStoredEvent);
    }
  }
}
