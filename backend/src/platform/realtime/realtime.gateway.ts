import { type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import { LANGUAGES, REALTIME_PATH, REALTIME_UNAUTHORIZED, type Language, type PermissionCode } from '@rfid/contracts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server, Socket } from 'socket.io';
import { Authenticator } from '../auth/access.guard.js';
import type { Principal } from '../auth/principal.js';
import { languageOfHeader } from '../http/language.js';
import { Platform } from '../platform.js';

/**
 * How often open connections are checked against their session again. The HTTP guard checks on
 * every call; a socket is checked when it connects, at once when its user's access changes on this
 * instance (sign-out, lock, password, group: revalidateUser / revalidateAll, called by the users
 * module after the change commits), at its session's expiry, and at this pace as a safety net
 * (a change made through another instance, until the Redis adapter carries those calls).
 */
const REVALIDATE_MS = 60_000;

interface Connection {
  token: string;
  principal: Principal;
  lang: Language;
  /** Closes the connection when its session expires. */
  expiry?: NodeJS.Timeout;
}

const userRoom = (userId: string) => `user:${userId}`;
const userLanguageRoom = (userId: string, lang: Language) => `user:${userId}:${lang}`;
const permissionRoom = (code: string) => `perm:${code}`;

/**
 * Pushes to the open connections of a user, of a permission's holders, of everyone: on every server
 * (through the Redis adapter, REDIS_URL: a push made by one server, the reader's owner or a processor's
 * runner) or on this server only (`here`: a push that every server makes for its own connections, from the
 * committed events each one follows). Without REDIS_URL both reach this server's connections only.
 */
export class Pushes {
  constructor(
    private readonly io: () => Server | undefined,
    private readonly onlyHere: boolean,
    private readonly counted: () => void,
  ) {}

  private get target() {
    this.counted();
    const server = this.io();
    return server && this.onlyHere ? server.local : server;
  }

  /** To every open connection of a user. */
  toUser(userId: string, event: string, payload: unknown): void {
    this.target?.to(userRoom(userId)).emit(event, payload);
  }

  /** To every open connection of a user, rendered in the language each connection asked for. */
  toUserInLanguage(userId: string, event: string, render: (lang: Language) => unknown): void {
    for (const lang of LANGUAGES) this.target?.to(userLanguageRoom(userId, lang)).emit(event, render(lang));
  }

  /** To everyone whose group holds the permission (device status, "this list changed" hints). */
  toPermission(code: PermissionCode, event: string, payload: unknown): void {
    this.target?.to(permissionRoom(code)).emit(event, payload);
  }

  /** To every open connection (each is a signed-in user): what every screen shows. */
  toEveryone(event: string, payload: unknown): void {
    this.target?.emit(event, payload);
  }

  /** To whoever holds any of these permissions, once each. */
  toAnyPermission(codes: readonly PermissionCode[], event: string, payload: unknown): void {
    this.target?.to(codes.map(permissionRoom)).emit(event, payload);
  }
}

/** The `connect_error` a refused client gets: message and `data.code` are "UNAUTHORIZED". */
function refusal(): Error {
  return Object.assign(new Error(REALTIME_UNAUTHORIZED), { data: { code: REALTIME_UNAUTHORIZED } });
}

/** What a check needs of a connection: this instance's Socket, or the RemoteSocket a room's fetch answers. */
interface CheckedSocket {
  data: unknown;
  rooms: Set<string>;
  disconnect(close?: boolean): unknown;
  join(rooms: string | string[]): unknown;
  leave(room: string): unknown;
}

function connectionOf(socket: Socket): Connection {
  return socket.data as Connection;
}

function languageOfHandshake(socket: Socket): Language {
  const asked = (socket.handshake.auth as { lang?: unknown } | undefined)?.lang;
  return LANGUAGES.includes(asked as Language) ? (asked as Language) : languageOfHeader(socket.handshake.headers['accept-language']);
}

/**
 * The socket.io channel of pushes, on the API's own HTTP server at /ws. A client signs in with
 * the same bearer token as the REST API (`auth: { token }`); without a valid one the connection is
 * refused with `connect_error` "UNAUTHORIZED". Each connection joins its user's room and one room per
 * permission of its group, so a module pushes to a user or to everyone allowed to see a thing.
 *
 * With several servers, Redis (REDIS_URL) carries pushes between them (`@socket.io/redis-streams-adapter`):
 * `everywhere` reaches the connections of every server, `here` those of this one (Pushes). The browser
 * also polls its notifications every 15 s, so it misses nothing.
 */
@WebSocketGateway({ path: REALTIME_PATH, serveClient: false })
export class RealtimeGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket>, OnModuleDestroy {
  @WebSocketServer() private server: Server | undefined;
  private revalidation: NodeJS.Timeout | undefined;
  /** Pushes one server makes for all: the browsers connected to any server get them. */
  readonly everywhere = new Pushes(() => this.server, false, () => this.platform.metrics.pushes.inc({ scope: 'everywhere' }));
  /** Pushes every server makes for its own connections. */
  readonly here = new Pushes(() => this.server, true, () => this.platform.metrics.pushes.inc({ scope: 'here' }));

  constructor(
    private readonly authenticator: Authenticator,
    private readonly platform: Platform,
  ) {}

  afterInit(server: Server): void {
    // the servers of one database are one site: their pushes share a stream, another site's on the same Redis do not
    const site = new URL(this.platform.database.url).pathname.slice(1) || 'default';
    if (this.platform.redis) server.adapter(createAdapter(this.platform.redis, { streamName: `rfid-backoffice:${site}`, channelPrefix: `rfid-backoffice:${site}`, maxLen: 10_000 }));
    // A middleware runs before the connection is accepted: a refused client never joins a room.
    server.use((socket, next) => {
      this.admit(socket).then(
        (admitted) => next(admitted ? undefined : refusal()),
        (err: unknown) => {
          this.platform.logger.error({ err }, 'socket authentication failed');
          next(refusal());
        },
      );
    });
    this.revalidation = setInterval(() => void this.revalidateConnections(), REVALIDATE_MS);
    this.revalidation.unref();
  }

  handleConnection(socket: Socket): void {
    const connection = connectionOf(socket);
    const { principal, lang } = connection;
    void socket.join([userRoom(principal.userId), userLanguageRoom(principal.userId, lang), ...[...principal.permissions].map(permissionRoom)]);
    // setTimeout takes at most 2^31-1 ms (24.8 days); a token lives hours.
    const untilExpiry = Math.min(principal.expiresAt.getTime() - Date.now(), 2 ** 31 - 1);
    connection.expiry = setTimeout(() => void this.revalidate([socket]), Math.max(untilExpiry, 0));
    connection.expiry.unref();
    socket.once('disconnect', () => clearTimeout(connection.expiry));
  }

  onModuleDestroy(): void {
    clearInterval(this.revalidation);
  }

  private async admit(socket: Socket): Promise<boolean> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') return false;
    const principal = await this.authenticator.authenticate(token);
    if (!principal) return false;
    socket.data = { token, principal, lang: languageOfHandshake(socket) } satisfies Connection;
    return true;
  }

  /** A user's session, lock, password or group changed: their connections are checked now. */
  async revalidateUser(userId: string): Promise<void> {
    await this.revalidate(await (this.server?.in(userRoom(userId)).fetchSockets() ?? []));
  }

  /** A group's permissions or lock changed: every connection is checked now. */
  async revalidateAll(): Promise<void> {
    await this.revalidate([...(this.server?.sockets.sockets.values() ?? [])]);
  }

  /** Every REVALIDATE_MS. */
  async revalidateConnections(): Promise<void> {
    await this.revalidateAll();
  }

  /**
   * Drops the connections whose session ended (sign-out, lock, password change, group lock, expiry)
   * and moves the others to the permission rooms their group holds now.
   */
  private async revalidate(sockets: Iterable<CheckedSocket>): Promise<void> {
    for (const socket of sockets) {
      try {
        const connection = socket.data as Connection;
        const principal = await this.authenticator.authenticate(connection.token);
        if (!principal) {
          socket.disconnect(true);
          continue;
        }
        for (const room of socket.rooms) {
          if (room.startsWith('perm:') && !principal.permissions.has(room.slice('perm:'.length) as PermissionCode)) void socket.leave(room);
        }
        void socket.join([...principal.permissions].map(permissionRoom));
        connection.principal = principal;
      } catch (err) {
        this.platform.logger.warn({ err }, 'socket revalidation failed; keeping the connection until the next check');
      }
    }
  }
}
