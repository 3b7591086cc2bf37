import { Inject, Injectable } from '@nestjs/common';
import type { IntegrationLogDetail, IntegrationLogEntry, IntegrationLogQuery, ListResponse } from '@rfid/contracts';
import type { Selectable } from 'kysely';
import { pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import type { IntegrationLogsTable } from './integration-log.tables.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { withinPeriod } from '../../../platform/database/period.js';

function toEntry(r: Selectable<IntegrationLogsTable>): IntegrationLogEntry {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    readerId: r.reader_id,
    readerCode: r.reader_code,
    kind: r.kind as IntegrationLogEntry['kind'],
    direction: r.direction as IntegrationLogEntry['direction'],
    topic: r.topic,
    outcome: r.outcome as IntegrationLogEntry['outcome'],
    reason: r.reason,
    summary: r.summary,
    count: r.count,
  };
}

/** Reads of the integration log: a page of entries, and one entry with its payload. */
@Injectable()
export class IntegrationLogQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  async list(q: IntegrationLogQuery): Promise<ListResponse<IntegrationLogEntry>> {
    let query = this.platform.db.selectFrom('integration_logs').selectAll();
    if (q.readerId) query = query.where('reader_id', '=', q.readerId);
    if (q.kind) query = query.where('kind', '=', q.kind);
    if (q.outcome) query = query.where('outcome', '=', q.outcome);
    if (q.problems) query = query.where('outcome', '!=', 'OK');
    query = withinPeriod(query, 'at', q);
    if (q.q) query = query.where('search_key', 'like', searchPattern(q.q));
    query = query.orderBy('at', q.sort.dir).orderBy('id', q.sort.dir);
    return pageOf(query, q, toEntry);
  }

  async detail(id: number): Promise<IntegrationLogDetail> {
    const row = await this.platform.db.selectFrom('integration_logs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return { ...toEntry(row), payload: row.payload, payloadBytes: row.payload_bytes };
  }
}

/*
 * The integration log's queries, each a message on the QueryBus and its handler reading the log above.
 */

/** A page of the integration log. */
export class ListIntegrationLog extends answeredBy(IntegrationLogQueries, (log, query: IntegrationLogQuery) => log.list(query)) {}

/** One entry with its payload. */
export class GetIntegrationLogEntry extends answeredBy(IntegrationLogQueries, (log, entryId: number) => log.detail(entryId)) {}

export const INTEGRATION_LOG_QUERY_HANDLERS = handlersOf(ListIntegrationLog, GetIntegrationLogEntry);
