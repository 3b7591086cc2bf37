import type { ListResponse } from '@rfid/contracts';
import { useEffect } from 'react';
import useSWR from 'swr';
import { showError } from '../toasts';
import type { FilterSpec } from './FilterBar';
import { dayRangeQuery, isSendable, listKey, useListState, type ListQuery } from './list-state';

export interface ListQueryOptions {
  endpoint: string;
  filters: readonly FilterSpec[];
  defaultSort?: string;
  /** Maps the URL's filter values to the API's query, after the date range's days became times (`dayRangeQuery`). */
  toQuery?: (filters: ListQuery) => ListQuery;
}

/**
 * A server-paged list: its state from the URL, the query it sends (filters that are not yet
 * sendable are left out), and the page the API answers. The previous page stays shown while the
 * next one loads; a failure is toasted.
 */
/** A list read page by page: its state in the URL, the query sent, the answer. */
export type ListQueryResult<R extends ListResponse<unknown>> = ReturnType<typeof useListQuery<R>>;

export function useListQuery<R extends ListResponse<unknown>>({ endpoint, filters, defaultSort, toQuery }: ListQueryOptions) {
  const state = useListState(
    filters.map((f) => f.name),
    defaultSort,
    Object.fromEntries(filters.flatMap((f) => (f.fallback === undefined ? [] : [[f.name, f.fallback]]))),
  );
  const sent = Object.fromEntries(filters.filter((f) => isSendable(state.filters[f.name] ?? '', f.type)).map((f) => [f.name, state.filters[f.name]!]));
  const query: ListQuery = { page: state.page, size: state.size, sort: state.sort, ...(toQuery ?? ((f) => f))(filters.some((f) => f.type === 'date') ? dayRangeQuery(sent) : sent) };
  const { data, error, isLoading } = useSWR<R>(listKey(endpoint, query), { keepPreviousData: true });
  useEffect(() => {
    if (error) showError(error);
  }, [error]);
  return { state, query, data, loading: isLoading && !data };
}
