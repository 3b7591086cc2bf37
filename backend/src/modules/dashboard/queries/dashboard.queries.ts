import { Inject, Injectable } from '@nestjs/common';
import { DASHBOARD_LATEST, P, type DashboardSpan, type DashboardView, type PermissionCode } from '@rfid/contracts';
import { countsOfDays, perLocalDay } from '../../../platform/database/day-counts.js';
import { Platform } from '../../../platform/platform.js';
import { lastLocalDays, startOfLocalDay } from '../../../platform/time-zone.js';
import { alertFigures } from '../../alerts/alerts.public.js';
import { gatePassFigures } from '../../gates/gates.public.js';
import { readerFigures } from '../../readers/readers.public.js';
import { linkFlow } from '../../reports/reports.public.js';
import { tagFigures } from '../../rfid/rfid.public.js';
import { sampleFigures } from '../../samples/samples.public.js';
import { stocktakesInProgress } from '../../stocktakes/stocktakes.public.js';
import { openTicketCounts, samplesOut, stockFlow, ticketFlow } from '../../tickets/tickets.public.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

type TicketCounts = NonNullable<NonNullable<DashboardView['tickets']>['IMPORT']>;

/**
 * The dashboard, read from each module's own figures: every part only for a user who may open the list
 * behind it (the permission of that list), so a figure never tells what its list would not. The parts
 * are read at once, each from a read model with an index on what it filters.
 */
@Injectable()
export class DashboardQueries {
  constructor(@Inject(Platform) private readonly platform: Platform) {}

  async dashboard(permissions: ReadonlySet<PermissionCode>, span: DashboardSpan, timeZone: string): Promise<DashboardView> {
    const db = this.platform.db;
    const may = (p: PermissionCode) => permissions.has(p);
    const now = this.platform.clock.now();
    const days = lastLocalDays(span, timeZone, now);
    const since = startOfLocalDay(days[0]!, timeZone);
    const todayStart = startOfLocalDay(days[days.length - 1]!, timeZone);
    const when = <T>(allowed: boolean, read: () => Promise<T>): Promise<T | undefined> => (allowed ? read() : Promise.resolve(undefined));
    const perDay = (rows: readonly { quarter: string; total: string }[]) => countsOfDays(perLocalDay(rows, timeZone), days);
    const mayImports = may(P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST);
    const mayExports = may(P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST);
    const mayTickets = mayImports || mayExports;

    const [samples, out, tags, readers, openTickets, flow, stock, stocktakes, alerts, passes, links] = await Promise.all([
      when(may(P.SAMPLE_MANAGEMENT_SAMPLE_LIST), () => sampleFigures(db)),
      // where samples are out is told by the tickets that took them
      when(may(P.SAMPLE_MANAGEMENT_SAMPLE_LIST) && mayTickets, () => samplesOut(db)),
      when(may(P.SAMPLE_MANAGEMENT_RFID_LIST), () => tagFigures(db)),
      when(may(P.SECURITY_GATE_CONFIGURATION_LIST), () => readerFigures(db)),
      when(mayTickets, () => openTicketCounts(db)),
      when(mayTickets, () => ticketFlow(db, since)),
      when(may(P.SAMPLE_MANAGEMENT_INVENTORY_LIST), () => stockFlow(db, since)),
      when(may(P.STOCKTAKE_STOCKTAKING_LIST), () => stocktakesInProgress(db)),
      when(may(P.REPORT_ALERT_LIST), () => alertFigures(db, since, todayStart, DASHBOARD_LATEST)),
      when(may(P.SECURITY_GATE_LOG_LIST), () => gatePassFigures(db, todayStart, DASHBOARD_LATEST)),
      when(may(P.REPORT_LINKING_LIST) || may(P.REPORT_UNLINKING_LIST), () => linkFlow(db, since)),
    ]);

    const tickets = openTickets && {
      ...(mayImports ? { IMPORT: {} as TicketCounts } : {}),
      ...(mayExports ? { EXPORT: {} as TicketCounts } : {}),
    };
    for (const t of openTickets ?? []) {
      const counts = tickets?.[t.direction];
      if (counts) counts[t.status] = t.count;
    }
    const linkSeries = links && perDay(links.filter((l) => l.action === 'LINK'));
    const unlinkSeries = links && perDay(links.filter((l) => l.action === 'UNLINK'));
    const closedSeries = flow && perDay(flow.closed);
    const alertsByGate = alerts && groupByGate(alerts.gates, perDay);
    const last = (series: number[] | undefined) => series?.[series.length - 1];

    return {
      at: now.toISOString(),
      days,
      ...(samples && { samples: { ...samples, out: out ?? null } }),
      ...(tags && { tags }),
      ...(readers && { readers: { online: readers.online, offline: readers.offline.map((r) => ({ ...r, since: r.since?.toISOString() ?? null })) } }),
      ...(tickets && { tickets }),
      ...(stocktakes && { stocktakes }),
      ...(alerts && { activeAlerts: alerts.active }),
      today: {
        ...(passes && { gatePasses: passes.since }),
        ...(alerts && { alerts: alerts.today }),
        ...(may(P.REPORT_LINKING_LIST) && { links: last(linkSeries) }),
        ...(may(P.REPORT_UNLINKING_LIST) && { unlinks: last(unlinkSeries) }),
        ...(closedSeries && { ticketsClosed: last(closedSeries) }),
      },
      series: {
        ...(may(P.REPORT_LINKING_LIST) && { links: linkSeries }),
        ...(may(P.REPORT_UNLINKING_LIST) && { unlinks: unlinkSeries }),
        ...(alertsByGate && { alertsByGate }),
        ...(stock && { stockIn: perDay(stock.stockIn), stockOut: perDay(stock.stockOut) }),
        ...(flow && { ticketsCreated: perDay(flow.created), ticketsClosed: closedSeries }),
      },
      latest: {
        ...(passes && { passes: passes.latest }),
        ...(alerts && { alerts: alerts.latest }),
      },
    };
  }
}

/** Gate alerts per gate and quarter hour as one row of counts per day for each gate, the busiest gate first. */
function groupByGate(
  rows: readonly { gateId: string | null; gateName: string | null; quarter: string; total: string }[],
  perDay: (rows: { quarter: string; total: string }[]) => number[],
): { gateId: string | null; gateName: string | null; counts: number[] }[] {
  const gates = new Map<string | null, { gateName: string | null; rows: { quarter: string; total: string }[] }>();
  for (const r of rows) {
    const g = gates.get(r.gateId) ?? { gateName: r.gateName, rows: [] };
    g.rows.push(r);
    gates.set(r.gateId, g);
  }
  return [...gates]
    .map(([gateId, g]) => ({ gateId, gateName: g.gateName, counts: perDay(g.rows) }))
    .sort((a, b) => b.counts.reduce((x, y) => x + y, 0) - a.counts.reduce((x, y) => x + y, 0));
}

/*
 * The dashboard's query, a message on the QueryBus and its handler.
 */

/** The dashboard's figures the viewer's permissions show, over a span of days in their time zone. */
export class GetDashboard extends answeredBy(DashboardQueries, (dashboard, permissions: ReadonlySet<PermissionCode>, span: DashboardSpan, timeZone: string) => dashboard.dashboard(permissions, span, timeZone)) {}

export const DASHBOARD_QUERY_HANDLERS = handlersOf(GetDashboard);
