import { REALTIME_EVENTS, type CountingListResponse, type CountingView } from '@rfid/contracts';
import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { usePush } from '../../app/realtime';
import { isListKey } from '../../components/list/list-state';
import { COUNTINGS_ENDPOINT, countingApiPath } from './stocktake-api';
import { useThrottle } from '../../components/use-throttle';

/** An open count's tags are read again at most this often while it counts. */
const DETAIL_REFRESH_MS = 2000;

/** How many counts that arrived live stay marked as new. */
const ARRIVED_KEPT = 50;

/** A cached answer's key that is a page of the counting list. */

/**
 * What a pushed count does to a cached page: the row shown is replaced ('replace'); a count not shown
 * goes on top of a newest-first first page whose filters it meets ('prepend'); any other page stays
 * ('skip': it is read anew when shown again).
 */
export function placeOnPage(list: CountingListResponse, key: string, counting: CountingView): 'replace' | 'prepend' | 'skip' {
  if (list.data.some((c) => c.id === counting.id)) return 'replace';
  const params = new URLSearchParams(key.split('?')[1] ?? '');
  if (Number(params.get('page') ?? 1) !== 1 || (params.get('sort') ?? 'startedAt:desc') !== 'startedAt:desc') return 'skip';
  if (params.has('readerId') && params.get('readerId') !== counting.readerId) return 'skip';
  if (params.has('zoneId') && params.get('zoneId') !== counting.zoneId) return 'skip';
  if (params.has('open') && params.get('open') !== String(counting.stoppedAt === null)) return 'skip';
  const started = new Date(counting.startedAt).getTime();
  const from = params.get('from');
  const to = params.get('to');
  if ((from && started < new Date(from).getTime()) || (to && started > new Date(to).getTime())) return 'skip';
  return 'prepend';
}

/** The page with the pushed count in place: its row replaced, or put on top (the page keeps its size). */
export function withCounting(list: CountingListResponse, key: string, counting: CountingView): CountingListResponse {
  const place = placeOnPage(list, key, counting);
  if (place === 'replace') return { ...list, data: list.data.map((c) => (c.id === counting.id ? counting : c)) };
  if (place === 'prepend') return { ...list, data: [counting, ...list.data].slice(0, list.size), total: list.total + 1 };
  return list;
}

/**
 * Keeps the counting list live with `counting` pushes, in every cached page, without asking the
 * server; a count's open detail (its tags, which the push does not carry) is read again. Answers the
 * ids of the counts that started while the list was open, for the list to mark them.
 */
export function useCountingPushes(): ReadonlySet<string> {
  const { cache, mutate } = useSWRConfig();
  const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());
  const openDetail = useRef<string>(undefined);
  const rereadDetail = useThrottle(() => {
    if (openDetail.current) void mutate(openDetail.current);
  }, DETAIL_REFRESH_MS);
  const onCounting = useCallback(
    (counting: CountingView) => {
      let shown = false;
      for (const key of cache.keys()) {
        if (!isListKey(COUNTINGS_ENDPOINT, key)) continue;
        const list = cache.get(key)?.data as CountingListResponse | undefined;
        if (list?.data.some((c) => c.id === counting.id)) shown = true;
        void mutate(key, (l?: CountingListResponse) => l && withCounting(l, key, counting), { revalidate: false });
      }
      const detailKey = countingApiPath(counting.id);
      if (cache.get(detailKey)) {
        openDetail.current = detailKey;
        rereadDetail();
      }
      if (!shown) setArrived((prev) => new Set([...prev, counting.id].slice(-ARRIVED_KEPT)));
    },
    [cache, mutate, rereadDetail],
  );
  usePush(REALTIME_EVENTS.COUNTING, onCounting);
  return arrived;
}
