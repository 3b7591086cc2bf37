import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { RealtimeContext } from '../app/realtime';

/**
 * Stands in for the tab's socket.io connection: the page subscribes as it would to the real one, and
 * the test pushes events to it. `wrap` puts it where the pages look for it.
 */
export function fakeRealtime() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
  };
  return {
    wrap: (element: ReactNode) => <RealtimeContext.Provider value={socket as unknown as Socket}>{element}</RealtimeContext.Provider>,
    /** Pushes `payload` as the server would; answers how many handlers heard it. */
    push(event: string, payload: unknown): number {
      const listening = [...(handlers.get(event) ?? [])];
      act(() => listening.forEach((h) => h(payload)));
      return listening.length;
    },
  };
}
