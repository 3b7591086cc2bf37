import { DEFAULT_PAGE, LIMITS, PAGE_SIZES } from '@rfid/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { api, withQuery } from '../../api/client';
import { usePublicSettings } from '../../settings/system-settings';

/** What a list asks the API for: page, size, sort and the filters, as query-string values. */
export type ListQuery = Record<string, string | number | undefined>;

/** A filter's kind: free text, one of a few choices, one of a look-up's items (searched on the server), or a day. */
export type FilterType = 'text' | 'select' | 'lookup' | 'date';

const NO_FALLBACKS: Readonly<Record<string, string>> = {};

/**
 * A list's state lives in the URL (page, size, sort, filters), so reload and the back button keep it.
 * A page out of range reads as 1, a size that is not one of PAGE_SIZES as the default size (the system setting).
 * Changing anything but the page goes back to page 1. A filter absent from the URL reads as its fallback.
 */
export function useListState(filterNames: readonly string[], defaultSort?: string, fallbacks: Readonly<Record<string, string>> = NO_FALLBACKS) {
  const [params, setParams] = useSearchParams();
  const { defaultPageSize } = usePublicSettings();
  const page = Math.max(Number(params.get('page')) || DEFAULT_PAGE, 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : defaultPageSize;
  const sort = params.get('sort') ?? defaultSort;
  const filters = useMemo(() => Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? fallbacks[n] ?? ''])), [params, filterNames, fallbacks]);

  const location = useLocation();
  const urls = useRef<ListUrls>(undefined);
  urls.current ??= new ListUrls(location.key, params);
  urls.current.shown(location.key, params);
  const update = useCallback((patch: Record<string, string | number | undefined>) => setParams(urls.current!.ask(patch)), [setParams]);

  return { page, size, sort, filters, update };
}

/**
 * The URLs of a list's changes. React Router hands an update the parameters of the render its caller
 * saw, and it may show the URLs a list asked for one after another, after later changes were asked (a
 * filter cleared, then two others chosen): each change starts from the newest URL the list asked for.
 * The list starts over from the URL shown only when the router moves where the list did not ask (the back
 * button, a link).
 */
export class ListUrls {
  /** The URLs asked for and not shown yet, oldest first. */
  private asked: string[] = [];

  constructor(
    private key: string,
    private newest: URLSearchParams,
  ) {}

  /** The router shows a location (at every render: the same one again changes nothing). */
  shown(key: string, params: URLSearchParams): void {
    if (key === this.key) return;
    this.key = key;
    const at = this.asked.indexOf(params.toString());
    if (at < 0) this.asked = [];
    else this.asked.splice(0, at + 1);
    if (!this.asked.length) this.newest = params;
  }

  /** The URL of a change: the newest asked for with the patch (an empty value removes it; back to page 1 unless the page is the change). */
  ask(patch: Record<string, string | number | undefined>): URLSearchParams {
    const next = new URLSearchParams(this.newest);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    this.newest = next;
    this.asked.push(next.toString());
    return next;
  }
}

/** A text filter is sent from SEARCH_MIN characters on; a choice or a day as soon as it has a value. */
export function isSendable(value: string, type: FilterType): boolean {
  if (!value) return false;
  return type !== 'text' || value.trim().length >= LIMITS.SEARCH_MIN;
}

/** A date filter's day (YYYY-MM-DD, local) as the start or the end of that day, in ISO form. */
function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** A list's `from` and `to` date filters as the API reads them: from the start of the first day to the end of the last. */
export function dayRangeQuery(filters: Record<string, string>): ListQuery {
  return { ...filters, from: dayBound(filters.from, false), to: dayBound(filters.to, true) };
}

/** `field:asc` ↔ `field:desc` on the same column; a new column starts ascending. */
export function toggledSort(current: string | undefined, field: string): string {
  const [currentField, dir] = (current ?? '').split(':');
  return `${field}:${currentField === field && dir === 'asc' ? 'desc' : 'asc'}`;
}

export function listKey(endpoint: string, query: ListQuery): string {
  return withQuery(endpoint, query);
}

/** Whether a cache key is a page of the list at `endpoint` (the path with or without a query), not another path under it. */
export function isListKey(endpoint: string, key: unknown): key is string {
  return typeof key === 'string' && (key === endpoint || key.startsWith(`${endpoint}?`));
}

/**
 * Re-fetches every cached page of a list after a change and puts the answers in place. Not a revalidation:
 * SWR drops a revalidation's answer when the cache was patched meanwhile, and live pushes patch lists often
 * (a reader's status every second), so a just-created row could stay missing.
 */
export async function refreshList(endpoint: string): Promise<void> {
  const keys: string[] = [];
  // The filter only collects the list's keys; answering false leaves every entry as it is.
  await mutate((key) => {
    if (isListKey(endpoint, key)) keys.push(key);
    return false;
  });
  await Promise.all(
    keys.map((key) =>
      api(key).then(
        (data) => mutate(key, data, { revalidate: false }),
        () => mutate(key), // the list shows its own error when the page fails again
      ),
    ),
  );
}
