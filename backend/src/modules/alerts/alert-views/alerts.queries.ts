import { Inject, Injectable } from '@nestjs/common';
import type { AlertFilter, AlertKind, AlertListQuery, AlertListResponse, AlertReportResponse, AlertView, GateItemKind } from '@rfid/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { perLocalDay, quarterHourOf } from '../../../platform/database/day-counts.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { Platform } from '../../../platform/platform.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';
import { sampleAttributes } from '../../samples/samples.public.js';
import { withinPeriod } from '../../../platform/database/period.js';

/** The alerts of a filter; a sample's attributes (as they are now) filter the alerts of samples. */
function filtered(db: DbOrTx, f: AlertFilter) {
  let query = db
    .selectFrom('alerts as a')
    .leftJoin(sampleAttributes(db).as('s'), (join) => join.onRef('s.id', '=', 'a.item_id').on('a.item_kind', '=', 'SAMPLE'));
  query = withinPeriod(query, 'a.at', f);
  if (f.gateId) query = query.where('a.gate_id', '=', f.gateId);
  if (f.kind) query = query.where('a.kind', '=', f.kind);
  if (f.state) query = query.where('a.disabled_at', f.state === 'ACTIVE' ? 'is' : 'is not', null);
  if (f.itemKind) query = query.where('a.item_kind', '=', f.itemKind);
  if (f.q) query = query.where('a.search_key', 'like', searchPattern(f.q));
  if (f.productId) query = query.where('a.item_kind', '=', 'PRODUCT').where('a.item_id', '=', f.productId);
  if (f.seasonId) query = query.where('s.season_id', '=', f.seasonId);
  if (f.categoryId) query = query.where('s.category_id', '=', f.categoryId);
  if (f.customerId) query = query.where('s.customer_id', '=', f.customerId);
  if (f.sizeId) query = query.where('s.size_id', '=', f.sizeId);
  return query;
}

/** The alerts of a filter with every column of the view, newest first unless `dir` says otherwise. */
function alerts(db: DbOrTx, f: AlertFilter, dir: 'asc' | 'desc' = 'desc') {
  return filtered(db, f).selectAll('a').orderBy('a.at', dir).orderBy('a.id', dir);
}

export type AlertRow = Awaited<ReturnType<ReturnType<typeof alerts>['executeTakeFirstOrThrow']>>;

export function toAlertView(r: AlertRow): AlertView {
  return {
    id: r.id,
    kind: r.kind as AlertKind,
    state: r.disabled_at ? 'DISABLED' : 'ACTIVE',
    at: r.at.toISOString(),
    gateId: r.gate_id,
    gateCode: r.gate_code,
    gateName: r.gate_name,
    readerHostName: r.reader_host_name,
    antenna: r.antenna,
    epc: r.epc,
    item: r.item_kind ? { kind: r.item_kind as GateItemKind, id: r.item_id, code: r.item_code ?? '', name: r.item_name } : null,
    subject: r.subject_id ? { id: r.subject_id, code: r.subject_code ?? '' } : null,
    alarmOn: r.alarm_on,
    alarmOffBy: r.alarm_off_by,
    alarmOffAt: r.alarm_off_at?.toISOString() ?? null,
    disabledBy: r.disabled_by,
    disabledAt: r.disabled_at?.toISOString() ?? null,
    disableReason: r.disable_reason,
  };
}

/** Reads of the alerts: the list (the gate alert logs), one alert, the alert report and its export. */
@Injectable()
export class AlertQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  list(q: AlertListQuery): Promise<AlertListResponse> {
    return pageOf(alerts(this.platform.db, q, q.sort.dir), q, toAlertView);
  }

  async get(id: string): Promise<AlertView> {
    const row = await alerts(this.platform.db, {}).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('ALERT_NOT_FOUND', { alertId: id });
    return toAlertView(row);
  }

  /** The alerts of these ids as they are now (those that exist). */
  async views(ids: readonly string[]): Promise<AlertView[]> {
    if (!ids.length) return [];
    return (await alerts(this.platform.db, {}).where('a.id', 'in', ids).execute()).map(toAlertView);
  }

  /** The page of alerts and the totals of every alert of the filter: active and disabled, per gate, per day in `timeZone`. */
  async report(q: AlertListQuery, timeZone: string): Promise<AlertReportResponse> {
    const db = this.platform.db;
    const [page, counts, byGate, byQuarter] = await Promise.all([
      this.list(q),
      filtered(db, q)
        .select((eb) => [eb.fn.countAll<string>().as('all'), sql<string>`count(*) filter (where a.disabled_at is null)`.as('active')])
        .executeTakeFirstOrThrow(),
      filtered(db, q)
        .select((eb) => [
          'a.gate_id',
          // a gate renamed meanwhile is named as its latest alert names it
          sql<string | null>`(array_agg(a.gate_code order by a.at desc))[1]`.as('gate_code'),
          sql<string | null>`(array_agg(a.gate_name order by a.at desc))[1]`.as('gate_name'),
          eb.fn.countAll<string>().as('total'),
          sql<string>`count(*) filter (where a.disabled_at is null)`.as('active'),
        ])
        .groupBy('a.gate_id')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`2`)
        .execute(),
      filtered(db, q)
        .select((eb) => [quarterHourOf('a.at').as('quarter'), eb.fn.countAll<string>().as('total')])
        .groupBy(sql`1`)
        .execute(),
    ]);
    const byDay = perLocalDay(byQuarter, timeZone);
    const all = Number(counts.all);
    const active = Number(counts.active);
    return {
      ...page,
      totals: {
        all,
        active,
        disabled: all - active,
        byGate: byGate.map((g) => ({ gateId: g.gate_id, gateCode: g.gate_code, gateName: g.gate_name, total: Number(g.total), active: Number(g.active) })),
        byDay: [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, total]) => ({ day, total })),
      },
    };
  }

  /** Every alert of the filter, newest first, for an export. */
  all(f: AlertFilter): AsyncGenerator<AlertRow> {
    return allRowsOf(this.platform.db, (db) => alerts(db, f));
  }
}

/*
 * The alerts' queries, each a message on the QueryBus answered by the read model above.
 */

/** A page of the alerts. */
export class ListAlerts extends answeredBy(AlertQueries, (alerts, query: AlertListQuery) => alerts.list(query)) {}

/** One alert. */
export class GetAlert extends answeredBy(AlertQueries, (alerts, alertId: string) => alerts.get(alertId)) {}

/** The alert report: a page of the filter's alerts and their totals, per day in the asker's time zone. */
export class GetAlertReport extends answeredBy(AlertQueries, (alerts, query: AlertListQuery, timeZone: string) => alerts.report(query, timeZone)) {}

/** Every alert of a filter, read as it is written out (the Excel export). */
export class AlertsOfFilter extends answeredBy(AlertQueries, (alerts, filter: AlertFilter) => alerts.all(filter)) {}

export const ALERT_QUERY_HANDLERS = handlersOf(ListAlerts, GetAlert, GetAlertReport, AlertsOfFilter);
