import { Injectable } from '@nestjs/common';
import type { ListResponse, SystemLogDetail, SystemLogEntry, SystemLogQuery } from '@rfid/contracts';
import { sql } from 'kysely';
import type { EventsTable } from '../../platform/database/schema.js';
import { likePattern, pageOf } from '../../platform/database/paging.js';
import { AppError } from '../../platform/errors/app-error.js';
import { eventLog } from '../../platform/event-store/event-log.js';
import type { EventMetadata } from '../../platform/event-store/types.js';
import { Platform } from '../../platform/platform.js';

/**
 * Fields of an event's data never shown in the log. No event holds a secret (credentials live outside
 * the event log); this is the second line: should one ever be added by mistake, neither the detail
 * shows it nor the text search looks into it (a search that matches a hidden field tells its content
 * to whoever guesses it prefix by prefix).
 */
const HIDDEN_FIELDS = ['passwordHash', 'password', 'token'];

/** The data as the detail shows it: hidden fields replaced. */
export function redact(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, HIDDEN_FIELDS.includes(k) ? '[hidden]' : v]));
}

/** The data as the text search reads it: without the hidden fields. */
const SEARCHED_DATA = sql`(data - ${HIDDEN_FIELDS}::text[])::text`;

/** A one-line description of an event: its plain fields, ids last, secrets never. */
export function summarize(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  const parts = Object.entries(data as Record<string, unknown>)
    .filter(([k, v]) => !HIDDEN_FIELDS.includes(k) && v !== null && v !== undefined && typeof v !== 'object')
    .sort(([a], [b]) => Number(/Id$/.test(a)) - Number(/Id$/.test(b)))
    .map(([k, v]) => `${k}: ${String(v)}`);
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(v)) parts.push(`${k}: ${v.length}`);
  }
  const text = parts.join(', ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

type Row = Pick<EventsTable, 'stream_id' | 'stream_type' | 'type' | 'data' | 'recorded_at' | 'metadata'> & { global_position: number };

function toEntry(r: Row): SystemLogEntry {
  const meta = r.metadata as EventMetadata;
  return {
    id: Number(r.global_position),
    recordedAt: r.recorded_at.toISOString(),
    actor: { id: meta.actor?.id ?? null, name: meta.actor?.name ?? null, kind: meta.actor?.kind ?? 'system' },
    action: r.type,
    streamId: r.stream_id,
    streamType: r.stream_type,
    summary: summarize(r.data),
  };
}

/** The event store read as an activity log (who did what to which record, when). */
@Injectable()
export class SystemLogQueries {
  constructor(private readonly platform: Platform) {}

  async list(q: SystemLogQuery): Promise<ListResponse<SystemLogEntry>> {
    let query = this.platform.db
      .selectFrom(eventLog(this.platform.db).as('e'))
      .select(['global_position', 'recorded_at', 'metadata', 'type', 'stream_id', 'stream_type', 'data']);
    if (q.actor) {
      query = query.where((eb) =>
        eb.or([eb(sql`metadata #>> '{actor,id}'`, '=', q.actor), eb(sql`metadata #>> '{actor,name}'`, 'ilike', likePattern(q.actor!))]),
      );
    }
    if (q.action) query = query.where('type', '=', q.action);
    if (q.from) query = query.where('recorded_at', '>=', q.from);
    if (q.to) query = query.where('recorded_at', '<=', q.to);
    if (q.q) {
      const p = likePattern(q.q);
      query = query.where((eb) =>
        eb.or([eb('type', 'ilike', p), eb('stream_id', 'ilike', p), eb(sql`metadata #>> '{actor,name}'`, 'ilike', p), eb(SEARCHED_DATA, 'ilike', p)]),
      );
    }
    // global_position follows recorded_at (both are taken at the append) and has the primary key's index
    query = query.orderBy('global_position', q.sort.dir);
    return pageOf(query, q, toEntry);
  }

  async detail(id: number): Promise<SystemLogDetail> {
    const r = await this.platform.db
      .selectFrom(eventLog(this.platform.db).as('e'))
      .select(['global_position', 'recorded_at', 'metadata', 'type', 'stream_id', 'stream_type', 'data', 'event_id', 'stream_version', 'hash'])
      .where('global_position', '=', id)
      .executeTakeFirst();
    if (!r) throw new AppError('NOT_FOUND');
    return { ...toEntry(r), eventId: r.event_id, streamVersion: r.stream_version, data: redact(r.data), metadata: r.metadata, hash: r.hash };
  }

  /** The distinct actions for the filter's drop-down. */
  async actions(): Promise<string[]> {
    const rows = await this.platform.db.selectFrom(eventLog(this.platform.db).as('e')).select('type').distinct().orderBy('type').execute();
    return rows.map((r) => r.type);
  }
}
