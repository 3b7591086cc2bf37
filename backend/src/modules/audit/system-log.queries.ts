import { Injectable } from '@nestjs/common';
import { systemLogActionLabel, type Language, type ListResponse, type SystemLogActionOption, type SystemLogDetail, type SystemLogEntry, type SystemLogQuery } from '@rfid/contracts';
import { sql } from 'kysely';
import { likePattern, pageOf } from '../../platform/database/paging.js';
import { AppError } from '../../platform/errors/app-error.js';
import { eventLog } from '../../platform/event-store/event-log.js';
import { Platform } from '../../platform/platform.js';
import { logEntries } from './system-log-entries.js';
import { answeredBy, handlersOf } from '../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../platform/database/period.js';

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

/** The event store read as an activity log (who did what to which record, when). */
@Injectable()
export class SystemLogQueries {
  constructor(private readonly platform: Platform) {}

  async list(q: SystemLogQuery, language: Language): Promise<ListResponse<SystemLogEntry>> {
    let query = this.platform.db
      .selectFrom(eventLog(this.platform.db).as('e'))
      .select(['global_position', 'recorded_at', 'metadata', 'type', 'stream_id', 'stream_type', 'data']);
    if (q.actor) {
      query = query.where((eb) =>
        eb.or([eb(sql`metadata #>> '{actor,id}'`, '=', q.actor), eb(sql`metadata #>> '{actor,name}'`, 'ilike', likePattern(q.actor!))]),
      );
    }
    if (q.action) query = query.where('type', '=', q.action);
    query = withinPeriod(query, 'recorded_at', q);
    if (q.q) {
      const p = likePattern(q.q);
      query = query.where((eb) =>
        eb.or([eb('type', 'ilike', p), eb('stream_id', 'ilike', p), eb(sql`metadata #>> '{actor,name}'`, 'ilike', p), eb(SEARCHED_DATA, 'ilike', p)]),
      );
    }
    // global_position follows recorded_at (both are taken at the append) and has the primary key's index
    query = query.orderBy('global_position', q.sort.dir);
    const page = await pageOf(query, q);
    return { ...page, data: await logEntries(this.platform.db, page.data, language) };
  }

  async detail(id: number, language: Language): Promise<SystemLogDetail> {
    const r = await this.platform.db
      .selectFrom(eventLog(this.platform.db).as('e'))
      .select(['global_position', 'recorded_at', 'metadata', 'type', 'stream_id', 'stream_type', 'data', 'event_id', 'stream_version', 'hash'])
      .where('global_position', '=', id)
      .executeTakeFirst();
    if (!r) throw new AppError('NOT_FOUND');
    const [entry] = await logEntries(this.platform.db, [r], language);
    return { ...entry!, eventId: r.event_id, streamVersion: r.stream_version, data: redact(r.data), metadata: r.metadata, hash: r.hash };
  }

  /** The distinct actions for the filter's drop-down, with their labels, in label order. */
  async actions(language: Language): Promise<SystemLogActionOption[]> {
    const rows = await this.platform.db.selectFrom(eventLog(this.platform.db).as('e')).select('type').distinct().execute();
    return rows.map((r) => ({ action: r.type, label: systemLogActionLabel(r.type, language) })).sort((a, b) => a.label.localeCompare(b.label, language));
  }
}

/*
 * The system log's queries, each a message on the QueryBus and its handler reading the event store above.
 */

/** A page of the system log, in the reader's language. */
export class ListSystemLog extends answeredBy(SystemLogQueries, (log, query: SystemLogQuery, language: Language) => log.list(query, language)) {}

/** One entry with what it changed. */
export class GetSystemLogEntry extends answeredBy(SystemLogQueries, (log, entryId: number, language: Language) => log.detail(entryId, language)) {}

/** The actions the log can be filtered by. */
export class ListSystemLogActions extends answeredBy(SystemLogQueries, (log, language: Language) => log.actions(language)) {}

export const SYSTEM_LOG_QUERY_HANDLERS = handlersOf(ListSystemLog, GetSystemLogEntry, ListSystemLogActions);
