import { apiPath, API, REALTIME_EVENTS, type ConnectionState, type DeviceModePush, type DeviceStatusPush, type ListResponse, type ReaderView } from '@rfid/contracts';
import { useCallback, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { usePush } from '../../app/realtime';
import { isListKey } from '../../components/list/list-state';

export const READERS_ENDPOINT = API.readers.list.path;

/** The API path of one reader. */
export const readerPath = (id: string): string => apiPath(API.readers.detail, { id });

type ReaderList = ListResponse<ReaderView>;

/** The connection a page of the list is filtered by, if any. */
export function connectionFilterOf(key: string): string | null {
  return new URLSearchParams(key.split('?')[1] ?? '').get('connection');
}

/** The page with the reader's row changed by `patch` (the same page when the reader is not on it). */
export function patchedList(list: ReaderList, readerId: string, patch: (reader: ReaderView) => ReaderView): ReaderList {
  return list.data.some((r) => r.id === readerId) ? { ...list, data: list.data.map((r) => (r.id === readerId ? patch(r) : r)) } : list;
}

/**
 * Keeps every cached reader (the list's pages, a reader's detail) up to date with the device pushes,
 * without asking the server again: `device:status` replaces a reader's live state, `device:mode` its
 * modes and switch. A page filtered by connection is asked again when a reader's connection changes,
 * since the reader may now enter or leave it.
 */
export function useReaderPushes(): void {
  const { cache, mutate } = useSWRConfig();
  /** Each reader's connection as last heard, to tell a change from a repeat. */
  const connections = useRef(new Map<string, ConnectionState>());

  const apply = useCallback(
    (readerId: string, patch: (reader: ReaderView) => ReaderView, connection?: ConnectionState) => {
      const keys = [...cache.keys()];
      const cached = (key: string): ReaderView | undefined => {
        const data = cache.get(key)?.data as ReaderView | ReaderList | undefined;
        return key === readerPath(readerId) ? (data as ReaderView | undefined) : isListKey(READERS_ENDPOINT, key) ? (data as ReaderList | undefined)?.data.find((r) => r.id === readerId) : undefined;
      };
      const before = connections.current.get(readerId) ?? keys.map(cached).find(Boolean)?.live.connection;
      if (connection) connections.current.set(readerId, connection);
      const changed = connection !== undefined && connection !== before;
      for (const key of keys) {
        if (key === readerPath(readerId)) void mutate(key, (r?: ReaderView) => r && patch(r), { revalidate: false });
        else if (isListKey(READERS_ENDPOINT, key) && changed && connectionFilterOf(key)) void mutate(key);
        else if (isListKey(READERS_ENDPOINT, key)) void mutate(key, (list?: ReaderList) => list && patchedList(list, readerId, patch), { revalidate: false });
      }
    },
    [cache, mutate],
  );

  usePush<DeviceStatusPush>(
    REALTIME_EVENTS.DEVICE_STATUS,
    useCallback((push) => apply(push.readerId, (r) => ({ ...r, live: push.live }), push.live.connection), [apply]),
  );
  usePush<DeviceModePush>(
    REALTIME_EVENTS.DEVICE_MODE,
    useCallback((push) => apply(push.readerId, (r) => ({ ...r, deviceMode: push.deviceMode, operatingMode: push.operatingMode, switch: push.switch })), [apply]),
  );
}
