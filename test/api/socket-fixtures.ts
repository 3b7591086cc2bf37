import type { AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@rfid/contracts';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { io, type Socket } from 'socket.io-client';

/** socket.io clients of a test app that listens on a free port; `close()` closes them all. */
export type SocketClients = Awaited<ReturnType<typeof socketClients>>;

export async function socketClients(t: TestApp) {
  await t.app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  return {
    connect(auth: Record<string, unknown>): Socket {
      const socket = io(url, { path: REALTIME_PATH, auth, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      return socket;
    },
    close() {
      for (const s of sockets) s.close();
    },
  };
}

/** Resolves once the socket is in; call it right after connecting, before anything is awaited. */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connect within 10 s')), 10_000);
    socket.once('connect', () => (clearTimeout(timer), resolve()));
    socket.once('connect_error', (err) => (clearTimeout(timer), reject(err)));
  });

/** Resolves with the refusal of a client that must not get in. */
export const refused = (socket: Socket) =>
  new Promise<Error>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('neither refused nor connected within 10 s')), 10_000);
    socket.once('connect', () => (clearTimeout(timer), reject(new Error('an unauthenticated client was let in'))));
    socket.once('connect_error', (err) => (clearTimeout(timer), resolve(err)));
  });

/** The next push of `event`. */
export function nextPush<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
