import type { ReferenceExpression, SelectQueryBuilder } from 'kysely';

/** A list's date range: from and to, each a bound when given (a filter's `from` and `to`). */
export interface Period {
  from?: Date;
  to?: Date;
}

/** The rows whose moment in `column` falls in the period, both bounds included. */
export function withinPeriod<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, column: ReferenceExpression<DB, TB>, period: Period): SelectQueryBuilder<DB, TB, O> {
  let within = query;
  if (period.from) within = within.where(column, '>=', period.from as never);
  if (period.to) within = within.where(column, '<=', period.to as never);
  return within;
}
