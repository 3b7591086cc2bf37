import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { REALTIME_PATH } from '@rfid/contracts';
import type { Socket } from 'socket.io-client';
import { getSession } from '../auth/session';
import { currentLanguage } from '../i18n/i18n';

const Ctx = createContext<Socket | undefined>(undefined);

/** The tab's push channel as the pages hear it; a component test puts a stand-in socket here. */
export const RealtimeContext = Ctx;

/** One socket.io connection per signed-in tab, at /ws, authenticated with the session's token (the same bearer token as the REST API). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<Socket>();
  useEffect(() => {
    const token = getSession()?.token;
    if (!token) return;
    let s: Socket | undefined;
    let left = false;
    // the client library loads with the first signed-in page, not with the sign-in page
    void import('socket.io-client').then(({ io }) => {
      if (left) return;
      // lang: pushed texts in the language of the screens, not the browser's Accept-Language; read at each
      // (re)connection, so a session renewed meanwhile (a wall screen) reconnects with its new token
      s = io({ path: REALTIME_PATH, auth: (cb) => cb({ token: getSession()?.token ?? token, lang: currentLanguage() }), transports: ['websocket', 'polling'] });
      setSocket(s);
    });
    return () => {
      left = true;
      s?.disconnect();
    };
  }, []);
  return <Ctx.Provider value={socket}>{children}</Ctx.Provider>;
}

/** Calls `handler` for each push of `event` while the component is mounted. */
export function usePush<T = unknown>(event: string, handler: (payload: T) => void): void {
  const socket = useContext(Ctx);
  useEffect(() => {
    if (!socket) return;
    socket.on(event, handler);
    return () => {
      socket.off(event, handler);
    };
  }, [socket, event, handler]);
}
