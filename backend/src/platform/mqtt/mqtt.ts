import type { Server as HttpServer, IncomingMessage } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import type { Duplex } from 'node:stream';
import type { BrokerInfo } from '@rfid/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { Config } from '../config.js';
import { StartupError } from '../database/embedded-postgres.js';
import type { InboundMessage, MqttAccess, MqttListener, MqttPrincipal } from './mqtt-access.js';
import { guardedConnection } from './packet-size-guard.js';

/** Where browser-based or firewalled readers reach the embedded broker: MQTT over WebSocket on the HTTP server. */
export const MQTT_WEBSOCKET_PATH = '/mqtt';

/**
 * The largest packet a connection may send before it is closed: four payload limits and room for the
 * topic. A payload over the limit but within this is refused and logged, and its sender stays
 * connected; a larger packet would have to be buffered whole first, so the connection ends there.
 */
const frameLimit = (maxPayloadBytes: number) => maxPayloadBytes * 4 + 64 * 1024;

/** The back-office's own MQTT side: publishes commands and reports what comes in to its one listener. */
interface MqttTransport {
  start(httpServer: HttpServer | undefined, opts?: { resumeSession?: boolean }): Promise<void>;
  publish(topic: string, payload: Buffer): Promise<void>;
  info(httpPort: number | undefined): BrokerInfo;
  /** Whether the back-office hears the readers now: the embedded broker always; an external one while the link holds. */
  link(): 'up' | 'down';
  /** Closes the sessions of the principals `which` picks (the embedded broker; an external one's clients are its own): how many. */
  endSessions(which: (principal: MqttPrincipal) => boolean): number;
  /** `endSession`: an external broker forgets this server's session instead of keeping it for its return. */
  close(opts?: { endSession?: boolean }): Promise<void>;
}

/** The addresses of this machine a reader on the network can reach, and localhost. */
function advertisedHosts(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host];
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
  return [...lan.slice(0, 1), 'localhost'];
}

/** Hands the HTTP server's WebSocket upgrades for `path` to `handle`, leaving every other path's to its own server; answers how to stop. */
function onUpgrade(server: HttpServer, path: string, handle: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): () => void {
  const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://host').pathname === path) handle(req, socket, head);
  };
  server.on('upgrade', listener);
  return () => server.off('upgrade', listener);
}

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/**
 * The embedded broker (aedes) on MQTT_PORT and on the HTTP server at /mqtt. Every client signs in
 * (MqttAccess); a publish is handed to the listener before it is acknowledged, so a slow back-office
 * slows its publishers instead of queueing without bound, and a QoS 1 publish is acknowledged only once
 * the listener has it safe (a failure closes the connection unacknowledged); a publish on a topic not the client's closes
 * its connection (MQTT gives no other refusal), a payload over MQTT_MAX_PAYLOAD is dropped and logged.
 */
class EmbeddedBroker implements MqttTransport {
  private broker: Aedes | undefined;
  private tcp: net.Server | undefined;
  private ws: WebSocketServer | undefined;
  private stopUpgrades: (() => void) | undefined;
  private port: number | undefined;
  private readonly principals = new WeakMap<Client, MqttPrincipal>();
  /** The clients signed in now. */
  private readonly sessions = new Set<Client>();
  /** The network address of each connection handed to the broker (its stream). */
  private readonly addresses = new WeakMap<object, string>();

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly access: () => MqttAccess | undefined,
    private readonly listener: () => MqttListener | undefined,
  ) {}

  async start(httpServer: HttpServer | undefined): Promise<void> {
    const broker = await Aedes.createBroker({ drainTimeout: 10_000, connectTimeout: 10_000, maxClientsIdLength: 128, concurrency: 1000 });
    this.broker = broker;
    broker.authenticate = (client, username, password, done) => void this.authenticate(client, username, password, done);
    broker.authorizePublish = (client, packet, done) => {
      if (!client) return done(null); // a will published after its client has gone
      const principal = this.principals.get(client);
      if (!principal || !principal.mayPublish(packet.topic)) {
        this.listener()?.refused({ username: principal?.username ?? null, topic: packet.topic, reason: 'publish on a topic that is not the client’s', payload: packet.payload as Buffer, address: this.addressOf(client) });
        return done(new Error(`not allowed to publish on ${packet.topic}`));
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (payload.length > this.config.mqttMaxPayloadBytes) {
        this.listener()?.refused({ username: principal.username, topic: packet.topic, reason: `payload of ${payload.length} bytes is over the limit of ${this.config.mqttMaxPayloadBytes}`, payload });
        packet.payload = Buffer.alloc(0); // not forwarded to subscribers either
        return done(null);
      }
      const message: InboundMessage = { topic: packet.topic, payload, principal, receivedAt: new Date(), qos: packet.qos };
      Promise.resolve(this.listener()?.message(message)).then(
        () => done(null),
        (err: unknown) => {
          this.logger.error({ err, topic: packet.topic, qos: packet.qos }, 'a reader message could not be taken in');
          // a QoS 1 message not taken in is not acknowledged: the connection closes and the reader sends it again when it is back
          done(packet.qos > 0 ? (err as Error) : null);
        },
      );
    };
    broker.authorizeSubscribe = (client, subscription, done) => {
      const principal = this.principals.get(client);
      if (principal?.maySubscribe(subscription.topic)) return done(null, subscription);
      this.listener()?.refused({ username: principal?.username ?? null, topic: subscription.topic, reason: 'subscription to a topic that is not the client’s', address: this.addressOf(client) });
      done(null, null); // a failure code in the SUBACK; the connection stays
    };
    broker.on('clientReady', (client) => {
      const principal = this.principals.get(client);
      if (!principal) return;
      this.sessions.add(client);
      this.listener()?.connected(principal);
    });
    broker.on('ping', (_packet, client) => {
      const principal = this.principals.get(client);
      if (principal) this.listener()?.alive(principal);
    });
    broker.on('clientDisconnect', (client) => {
      this.sessions.delete(client);
      const principal = this.principals.get(client);
      if (principal) this.listener()?.disconnected(principal);
    });
    broker.on('clientError', (client, err) => this.logger.debug({ err, client: client?.id }, 'MQTT client error'));
    broker.on('connectionError', (client, err) => this.logger.debug({ err, client: client?.id }, 'MQTT connection error'));

    const limit = frameLimit(this.config.mqttMaxPayloadBytes);
    const oversize = (bytes: number) =>
      this.listener()?.refused({ username: null, topic: null, reason: `packet of ${bytes} bytes is over the connection limit of ${limit}: connection closed` });
    if (this.config.mqttPort !== 0) {
      this.tcp = net.createServer((socket) => {
        socket.on('error', () => {});
        const connection = guardedConnection(socket, limit, oversize);
        this.addresses.set(connection, socket.remoteAddress ?? 'unknown');
        broker.handle(connection);
      });
      this.port = await this.listenTcp(this.tcp);
    }
    if (httpServer) {
      // Only /mqtt's upgrades: a WebSocketServer given the HTTP server answers every other path's upgrade
      // with a 400 written into the socket, which breaks the browsers' socket.io channel at /ws.
      // a frame is taken whole before it is read: its bound is the connection's packet limit, not ws's 100 MB
      const ws = new WebSocketServer({ noServer: true, maxPayload: limit });
      this.ws = ws;
      this.stopUpgrades = onUpgrade(httpServer, MQTT_WEBSOCKET_PATH, (req, socket, head) => ws.handleUpgrade(req, socket, head, (client) => ws.emit('connection', client, req)));
      ws.on('connection', (socket, req) => {
        const stream = createWebSocketStream(socket);
        stream.on('error', () => {});
        const connection = guardedConnection(stream, limit, oversize);
        this.addresses.set(connection, req.socket.remoteAddress ?? 'unknown');
        broker.handle(connection, req);
      });
    }
  }

  /** MQTT_PORT when free; the default 1883 taken (another broker on the machine): any free port, said at start. */
  private async listenTcp(server: net.Server): Promise<number> {
    try {
      return await listen(server, this.config.mqttPort, this.config.host);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      if (this.config.mqttPortExplicit) {
        throw new StartupError(`Port ${this.config.mqttPort} for the MQTT broker is in use: set MQTT_PORT to a free port (0 turns the embedded broker off).`);
      }
      const port = await listen(server, 0, this.config.host);
      this.logger.warn({ taken: this.config.mqttPort, port }, 'the default MQTT port is taken (another broker?): the embedded broker listens on a free one');
      return port;
    }
  }

  /** The network address a client connected from. */
  private addressOf(client: Client | null | undefined): string {
    return (client && this.addresses.get(client.conn)) ?? 'unknown';
  }

  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined, done: (error: AuthenticateError | null, success: boolean | null) => void) {
    const address = this.addressOf(client);
    const refuse = (reason: string) => {
      this.listener()?.refused({ username: username ?? null, topic: null, reason, address });
      done(Object.assign(new Error(reason), { returnCode: 4 }) as AuthenticateError, false);
    };
    try {
      if (!username || !password) return refuse('no username or password');
      const own = this.config.mqttUsername && username === this.config.mqttUsername && password.toString() === this.config.mqttPassword;
      const answer = own ? backOfficePrincipal(username) : await this.access()?.authenticate({ username, password: password.toString(), clientId: client.id, address });
      if (!answer) return refuse('unknown username or wrong password');
      if ('refused' in answer) return refuse(answer.refused);
      this.principals.set(client, answer);
      done(null, true);
    } catch (err) {
      this.logger.error({ err }, 'MQTT authentication failed');
      refuse('authentication failed');
    }
  }

  async publish(topic: string, payload: Buffer): Promise<void> {
    const broker = this.broker;
    if (!broker) throw new Error('the MQTT broker is not running');
    await new Promise<void>((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve())),
    );
  }

  link(): 'up' | 'down' {
    return 'up';
  }

  endSessions(which: (principal: MqttPrincipal) => boolean): number {
    const ending = [...this.sessions].filter((client) => which(this.principals.get(client)!));
    for (const client of ending) client.close();
    return ending.length;
  }

  info(httpPort: number | undefined): BrokerInfo {
    const hosts = advertisedHosts(this.config.host);
    return {
      mode: 'embedded',
      urls: [
        ...(this.port !== undefined ? hosts.map((h) => `mqtt://${h}:${this.port}`) : []),
        ...(this.ws && httpPort ? hosts.map((h) => `ws://${h}:${httpPort}${MQTT_WEBSOCKET_PATH}`) : []),
      ],
      maxPayloadBytes: this.config.mqttMaxPayloadBytes,
    };
  }

  async close(): Promise<void> {
    this.stopUpgrades?.();
    this.ws?.close();
    for (const client of this.ws?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (this.broker ? this.broker.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
  }
}

/** MQTT_USERNAME on the embedded broker: the back-office's own client (a monitor, a bridge), the one that may read everything. */
function backOfficePrincipal(username: string): MqttPrincipal {
  return { username, id: 'back-office', mayPublish: () => true, maySubscribe: () => true };
}

/**
 * An external broker (MQTT_URL: Mosquitto, EMQX): the back-office is an ordinary client, signed in
 * with MQTT_USERNAME / MQTT_PASSWORD, that subscribes to everything; the broker's own configuration
 * decides who else may do what. Its session outlives a broken link: a fixed client id (MQTT_CLIENT_ID),
 * no clean start, a session expiry (MQTT_SESSION_EXPIRY) and QoS 1 subscriptions, so the broker keeps
 * what readers publish at QoS 1 while the link is down and delivers it when it is back. A message is
 * acknowledged once taken in (which holds the broker's delivery back while the back-office is busy);
 * one not taken in is not acknowledged, and the link is restarted so that the broker delivers it again.
 */
class ExternalBroker implements MqttTransport {
  private client: MqttClient | undefined;
  private linkUp = false;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly listener: () => MqttListener | undefined,
  ) {}

  /** `resumeSession` false: what the broker kept for this server's last run is dropped (others handled it meanwhile). */
  async start(_httpServer?: HttpServer, { resumeSession = true } = {}): Promise<void> {
    const client = mqtt.connect(this.config.mqttUrl!, {
      username: this.config.mqttUsername,
      password: this.config.mqttPassword,
      clientId: this.config.mqttClientId,
      protocolVersion: 5,
      clean: !resumeSession,
      properties: { sessionExpiryInterval: this.config.mqttSessionExpirySeconds },
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.handleMessage = (packet, done) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (payload.length > this.config.mqttMaxPayloadBytes) {
        this.listener()?.refused({ username: null, topic: packet.topic, reason: `payload of ${payload.length} bytes is over the limit of ${this.config.mqttMaxPayloadBytes}`, payload });
        return done();
      }
      Promise.resolve(this.listener()?.message({ topic: packet.topic, payload, principal: undefined, receivedAt: new Date(), qos: packet.qos })).then(
        () => done(),
        (err: unknown) => {
          this.logger.error({ err, topic: packet.topic, qos: packet.qos }, 'a reader message could not be taken in');
          if (packet.qos === 0) return done();
          // unacknowledged: the broker delivers it again once the link is restarted
          done(err as Error);
          client.stream?.destroy();
        },
      );
    };
    client.on('error', (err) => this.logger.warn({ err: err.message }, 'MQTT broker connection error'));
    client.on('connect', () => this.setLink(true, 'connected to the broker'));
    client.on('close', () => this.setLink(false, 'the connection to the broker closed; reconnecting'));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', (err) => reject(new StartupError(`Cannot connect to the MQTT broker of MQTT_URL: ${err.message}`)));
    });
    // from now on the session is kept across a broken link, whatever the start did
    client.options.clean = false;
    await client.subscribeAsync('#', { qos: 1 });
    // a session the broker no longer had (expired, or a broker restarted without persistence) has no subscription
    client.on('connect', (connack) => {
      if (!connack.sessionPresent) void client.subscribeAsync('#', { qos: 1 }).catch(() => {});
    });
  }

  link(): 'up' | 'down' {
    return this.linkUp ? 'up' : 'down';
  }

  endSessions(): number {
    return 0;
  }

  private setLink(up: boolean, detail: string): void {
    if (this.linkUp === up) return;
    this.linkUp = up;
    if (up) this.logger.info('the MQTT broker link is up');
    else this.logger.warn('the MQTT broker link is down; reconnecting');
    this.listener()?.linkChanged(up, detail);
  }

  async publish(topic: string, payload: Buffer): Promise<void> {
    if (!this.client) throw new Error('not connected to the MQTT broker');
    await this.client.publishAsync(topic, payload, { qos: 1 });
  }

  info(): BrokerInfo {
    return { mode: 'external', urls: [this.config.mqttUrl!.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')], maxPayloadBytes: this.config.mqttMaxPayloadBytes };
  }

  async close({ endSession = false } = {}): Promise<void> {
    const client = this.client;
    this.client = undefined;
    client?.removeAllListeners('close');
    await client?.endAsync(false, endSession ? { properties: { sessionExpiryInterval: 0 } } : {});
  }
}

/**
 * The platform's MQTT: the embedded broker, or a client of an external one (MQTT_URL), or nothing
 * (MQTT_PORT=0 and no MQTT_URL: readers reach the embedded broker over WebSocket only, if at all).
 * The module that follows the readers registers its access rules and its listener (`use`); the app
 * starts it once the HTTP server exists.
 */
export class PlatformMqtt {
  private accessRules: MqttAccess | undefined;
  private messageListener: MqttListener | undefined;
  private readonly transport: MqttTransport;
  private started = false;
  /**
   * On an external broker, whether this server takes up its session where its last run left it (what the
   * readers published at QoS 1 while it was down, queued by the broker). Not when other servers ran
   * meanwhile: they handled those reads, and a backlog would only hold this server's fresh messages back.
   */
  resumeSession = true;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.transport = config.mqttUrl
      ? new ExternalBroker(config, logger, () => this.messageListener)
      : new EmbeddedBroker(config, logger, () => this.accessRules, () => this.messageListener);
  }

  use(access: MqttAccess, listener: MqttListener): void {
    this.accessRules = access;
    this.messageListener = listener;
  }

  get enabled(): boolean {
    return !!this.config.mqttUrl || this.config.mqttPort !== 0 || this.config.mqttWebSocket;
  }

  async start(httpServer: HttpServer | undefined): Promise<void> {
    if (this.started || !this.enabled) return;
    this.started = true;
    await this.transport.start(this.config.mqttWebSocket ? httpServer : undefined, { resumeSession: this.resumeSession });
  }

  publish(topic: string, payload: Buffer): Promise<void> {
    return this.transport.publish(topic, payload);
  }

  info(httpPort?: number): BrokerInfo {
    if (!this.started) return { mode: 'disabled', urls: [], maxPayloadBytes: this.config.mqttMaxPayloadBytes };
    return this.transport.info(httpPort);
  }

  /**
   * Ends the live sessions of the principals `which` picks (a reader whose password or topics changed):
   * they must sign in again, under the rules of now. Answers how many were ended.
   */
  endSessions(which: (principal: MqttPrincipal) => boolean): number {
    return this.started ? this.transport.endSessions(which) : 0;
  }

  /** The link to the readers' broker, for the health check: none when MQTT is off. */
  link(): 'up' | 'down' | undefined {
    return this.started ? this.transport.link() : undefined;
  }

  async close(opts: { endSession?: boolean } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.transport.close(opts);
  }
}
