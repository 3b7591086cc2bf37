import { API, REALTIME_EVENTS, type GatePassListResponse, type GatePassView } from '@rfid/contracts';
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../api/client';
import { usePush } from '../../app/realtime';
import { isListKey } from '../../components/list/list-state';

const GATE_PASSES_ENDPOINT = API.gatePasses.list.path;

/** How many passes that arrived live stay marked as new. */
const ARRIVED_KEPT = 50;

/** The filters a pass is checked against here: the query parameter and the pass's value for it. */
const EXACT_FILTERS: readonly [string, (pass: GatePassView) => string][] = [
  ['gateId', (p) => p.gateId],
  ['direction', (p) => p.direction],
  ['decision', (p) => p.decision],
  ['itemKind', (p) => p.item.kind],
];

/**
 * What a new pass does to a cached page: it goes on top of a newest-first first page whose filters it
 * meets ('prepend'); the page is asked again when only the server can tell (a text search: 'ask'); any
 * other page stays as it is ('skip': a later page is read anew when it is shown again).
 */
export function placeOnPage(key: string, pass: GatePassView): 'prepend' | 'ask' | 'skip' {
  const params = new URLSearchParams(key.split('?')[1] ?? '');
  if (Number(params.get('page') ?? 1) !== 1 || (params.get('sort') ?? 'at:desc') !== 'at:desc') return 'skip';
  if (EXACT_FILTERS.some(([name, valueOf]) => params.has(name) && params.get(name) !== valueOf(pass))) return 'skip';
  const at = new Date(pass.at).getTime();
  const from = params.get('from');
  const to = params.get('to');
  if ((from && at < new Date(from).getTime()) || (to && at > new Date(to).getTime())) return 'skip';
  return params.has('q') ? 'ask' : 'prepend';
}

/** The page with the pass on top, one row longer in total; the page keeps its size. A pass shown already changes nothing. */
export function withNewPass(list: GatePassListResponse, pass: GatePassView): GatePassListResponse {
  if (list.data.some((p) => p.id === pass.id)) return list;
  return { ...list, data: [pass, ...list.data].slice(0, list.size), total: list.total + 1 };
}

/**
 * Puts each pass a gate decides (`gate:pass`) into the cached first pages of the gate history, without
 * reload; answers the ids of the passes that arrived so, for the list to mark them.
 */
export function useGatePassPushes(): ReadonlySet<string> {
  const { cache, mutate } = useSWRConfig();
  const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());
  const onPass = useCallback(
    (pass: GatePassView) => {
      for (const key of cache.keys()) {
        if (!isListKey(GATE_PASSES_ENDPOINT, key)) continue;
        const place = placeOnPage(key, pass);
        if (place === 'prepend') void mutate(key, (list?: GatePassListResponse) => list && withNewPass(list, pass), { revalidate: false });
        // read anew and put in place, not revalidated: SWR drops a revalidation's answer when a push patched the cache meanwhile
        else if (place === 'ask') void api<GatePassListResponse>(key).then((list) => mutate(key, list, { revalidate: false }), () => undefined);
      }
      setArrived((prev) => new Set([...prev, pass.id].slice(-ARRIVED_KEPT)));
    },
    [cache, mutate],
  );
  usePush(REALTIME_EVENTS.GATE_PASS, onPass);
  return arrived;
}
