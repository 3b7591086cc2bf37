import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from '@rfid/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { withQuery } from '../../api/client';

/**
 * A list's state lives in the URL (page, size, sort, filters), so reload and the back button keep it.
 * Text filters shorter than SEARCH_MIN characters are not sent (SPEC.md §5).
 */
export function useListState(filterNames: string[], defaultSort?: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(Number(params.get('page')) || DEFAULT_PAGE, 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const sort = params.get('sort') ?? defaultSort;
  const filters = useMemo(() => Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? ''])), [params, filterNames]);

  const update = useCallback(
    (patch: Record<string, string | number | undefined>, resetPage = true) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage && !('page' in patch)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  return { page, size, sort, filters, update };
}

export function isSendable(value: string, type: 'text' | 'select' | 'date'): boolean {
  if (!value) return false;
  return type !== 'text' || value.trim().length >= LIMITS.SEARCH_MIN;
}

export function listKey(endpoint: string, query: Record<string, string | number | undefined>): string {
  return withQuery(endpoint, query);
}

/** Re-fetches every page of a list after a change. */
export function refreshList(endpoint: string): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && (key === endpoint || key.startsWith(`${endpoint}?`)));
}
