import { sql, type RawBuilder } from 'kysely';
import { localDay } from '../time-zone.js';

/** Offsets from UTC change only on quarter hours, so every instant of a UTC quarter hour falls on one local day. */
const QUARTER_HOUR_SECONDS = 900;

/**
 * The UTC quarter hour a timestamp column falls in, to group by: counts per quarter hour become counts
 * per local day of any zone (perLocalDay), which PostgreSQL's own `at time zone` cannot do for a zone
 * given as an offset, and one query serves every zone. `date_part` answers a float8 where `extract`
 * answers a numeric: half the time over the dashboard's month of links (exact at the microseconds a
 * timestamp holds).
 */
export function quarterHourOf(column: string): RawBuilder<string> {
  return sql<string>`floor(date_part('epoch', ${sql.ref(column)}) / ${sql.lit(QUARTER_HOUR_SECONDS)})::bigint`;
}

/** Counts per quarter hour (quarterHourOf) summed per local day (yyyy-mm-dd) of a zone. */
export function perLocalDay(rows: readonly { quarter: string | number; total: string | number }[], zone: string): Map<string, number> {
  const days = new Map<string, number>();
  for (const r of rows) {
    const day = localDay(new Date(Number(r.quarter) * QUARTER_HOUR_SECONDS * 1000), zone);
    days.set(day, (days.get(day) ?? 0) + Number(r.total));
  }
  return days;
}

/** The counts of these days (oldest first), 0 for a day with none. */
export function countsOfDays(counts: ReadonlyMap<string, number>, days: readonly string[]): number[] {
  return days.map((d) => counts.get(d) ?? 0);
}
