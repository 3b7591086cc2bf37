import { Inject, type Type } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';

/** A query message made by `answeredBy`: its arguments, and the handler class the module provides. */
export interface ReadQueryType<A extends unknown[], R> {
  new (...args: A): Query<R> & { readonly args: A };
  readonly handler: Type<IQueryHandler>;
}

/**
 * A read on the QueryBus that one read of a read model answers: the message and its `@QueryHandler`
 * from one declaration, so a read is named once and its answer is the read model's.
 *
 *   export class ListAlerts extends answeredBy(AlertQueries, (alerts, query: AlertListQuery) => alerts.list(query)) {}
 *   queries.execute(new ListAlerts(query))      // typed Promise<AlertListResponse>
 *   providers: [AlertQueries, ...handlersOf(ListAlerts, GetAlert)]
 *
 * The subclass gives the message its name (errors and logs say `ListAlerts`); the bus finds the handler
 * through the base class, which the handler is registered for.
 */
export function answeredBy<S, A extends unknown[], R>(reads: { prototype: S }, answer: (reads: S, ...args: A) => R | Promise<R>): ReadQueryType<A, R> {
  class ReadQuery extends Query<R> {
    readonly args: A;
    constructor(...args: A) {
      super();
      this.args = args;
    }
    static handler: Type<IQueryHandler>;
  }

  @QueryHandler(ReadQuery)
  class ReadQueryHandler implements IQueryHandler<ReadQuery> {
    constructor(@Inject(reads as Type<S>) private readonly model: S) {}

    async execute(query: ReadQuery): Promise<R> {
      return answer(this.model, ...query.args);
    }
  }

  ReadQuery.handler = ReadQueryHandler;
  return ReadQuery;
}

/** The handlers of these queries, for the module's providers. */
export function handlersOf(...queries: { readonly handler: Type<IQueryHandler> }[]): Type<IQueryHandler>[] {
  return queries.map((q) => q.handler);
}
