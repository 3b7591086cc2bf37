import mqtt, { type MqttClient } from 'mqtt';
import { connectionMessage, encodeAntenna, encodeGpo, encodeHeartbeat, encodeInventory, encodeReads, encodeResponse, malformedPayloads, type DeviceState, type SimulatedFormat, type SimulatedRead } from './formats.js';

export interface ReaderTopics {
  events: string;
  mgmt: string;
  commands: string;
  responses: string;
}

/** The back-office's default topics of a reader (a reader's installer may choose others). */
export const defaultTopics = (code: string): ReaderTopics => {
  const root = `rfid/readers/${code}`;
  return { events: `${root}/events`, mgmt: `${root}/mgmt`, commands: `${root}/commands`, responses: `${root}/responses` };
};

export interface SimulatedReaderOptions {
  /** Broker URL: mqtt://host:port or ws://host:port/mqtt. */
  url: string;
  /** The reader's code (its MQTT username) and the password shown when it was created. */
  code: string;
  password: string;
  format: SimulatedFormat;
  topics?: ReaderTopics;
  /** Seconds between heartbeats (0: none). */
  heartbeatSeconds?: number;
  /** Antenna ports. */
  antennas?: number[];
  /** Never answer commands (a reader that hangs). */
  silent?: boolean;
  /** Whom to tell what happens. */
  log?: (line: string) => void;
  /** Called when the back-office starts or stops scanning. */
  onScanning?: (scanning: boolean) => void;
  /** Called when the back-office switches an output (a gate's light and buzzer). */
  onOutput?: (port: number, on: boolean) => void;
}

interface Command {
  command: string;
  command_id: string;
  payload?: Record<string, unknown>;
}

/**
 * One reader as the real device behaves on MQTT: signs in with its code and password, leaves a will
 * and says it is online, sends heartbeats, publishes reads, and carries out the back-office's
 * commands (start, stop, set_mode, set_power, set_gpo) answering each in Zebra's envelope with the
 * command's id; Zebra refuses a start while it scans and a stop while it does not, as the device does.
 */
export class SimulatedReader {
  readonly topics: ReaderTopics;
  readonly state: DeviceState;
  /** The general-purpose outputs (a gate's light and buzzer) as the back-office last set them, by port. */
  readonly outputs = new Map<number, boolean>();
  private heartbeatTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly client: MqttClient,
    readonly options: SimulatedReaderOptions,
  ) {
    this.topics = options.topics ?? defaultTopics(options.code);
    this.state = {
      firmware: 'sim-1.0.0',
      temperature: 38 + Math.round(Math.random() * 40) / 10,
      cpu: 5,
      scanning: false,
      antennas: (options.antennas ?? [1, 2]).map((port) => ({ port, power: 27 })),
      totalReads: 0,
    };
  }

  get code(): string {
    return this.options.code;
  }

  static async connect(options: SimulatedReaderOptions): Promise<SimulatedReader> {
    const topics = options.topics ?? defaultTopics(options.code);
    const client = await mqtt.connectAsync(options.url, {
      username: options.code,
      password: options.password,
      clientId: `${options.code}-${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      keepalive: 10,
      will: { topic: topics.mgmt, payload: Buffer.from(connectionMessage(false)), qos: 1, retain: false },
    });
    const reader = new SimulatedReader(client, options);
    client.on('error', (err) => reader.say(`MQTT error: ${err.message}`));
    client.on('close', () => reader.stopHeartbeats());
    await client.subscribeAsync(reader.topics.commands, { qos: 1 });
    client.on('message', (topic, payload) => {
      if (topic === reader.topics.commands) reader.onCommand(payload).catch((err: Error) => reader.say(`command not answered: ${err.message}`));
    });
    await reader.publish(reader.topics.mgmt, connectionMessage(true));
    for (const a of reader.state.antennas) {
      const plugged = encodeAntenna(options.format, a.port, true);
      if (plugged !== null) await reader.publish(reader.topics.mgmt, plugged);
    }
    await reader.heartbeat();
    if (options.heartbeatSeconds) reader.heartbeatTimer = setInterval(() => void reader.heartbeat().catch(() => {}), options.heartbeatSeconds * 1000);
    reader.say(`connected to ${options.url} as ${options.code} (${options.format})`);
    return reader;
  }

  private say(line: string): void {
    this.options.log?.(`[${this.options.code}] ${line}`);
  }

  private async publish(topic: string, payload: string | Buffer, qos: 0 | 1 = 1): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos });
  }

  async heartbeat(): Promise<void> {
    const payload = encodeHeartbeat(this.options.format, this.state);
    if (payload !== null) await this.publish(this.topics.mgmt, payload);
  }

  private stopHeartbeats(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  /** Publishes one message of reads on the events topic. */
  async read(reads: readonly SimulatedRead[], qos: 0 | 1 = 1): Promise<void> {
    if (!reads.length) return;
    this.state.totalReads += reads.reduce((n, r) => n + r.count, 0);
    await this.publish(this.topics.events, encodeReads(this.options.format, reads), qos);
  }

  /** Sends what a reader should not: garbage, truncated JSON, a bad EPC, a shape no format has. */
  async misbehave(): Promise<string[]> {
    const sent: string[] = [];
    for (const { what, payload } of malformedPayloads()) {
      await this.publish(this.topics.events, payload);
      sent.push(what);
    }
    this.say(`sent ${sent.join(', ')}`);
    return sent;
  }

  /** Leaves: politely (a goodbye, then DISCONNECT), or by losing the connection, so that the broker publishes the will. */
  async leave(how: 'goodbye' | 'drop' = 'goodbye'): Promise<void> {
    this.stopHeartbeats();
    // gone already: a goodbye published now would wait for an acknowledgement that never comes
    if (this.client.disconnected || this.client.disconnecting) return;
    if (how === 'goodbye') {
      await this.publish(this.topics.mgmt, connectionMessage(false)).catch(() => {});
      await this.client.endAsync();
    } else {
      this.client.stream.destroy();
      await this.client.endAsync(true).catch(() => {}); // what was in flight is lost with the connection, as on a real drop
    }
    this.say(how === 'goodbye' ? 'disconnected' : 'connection dropped (the broker publishes the will)');
  }

  private async onCommand(raw: Buffer): Promise<void> {
    let command: Command;
    try {
      command = JSON.parse(raw.toString()) as Command;
    } catch {
      this.say('a command that is not JSON: ignored');
      return;
    }
    this.say(`command ${command.command} ${JSON.stringify(command.payload ?? {})}${this.options.silent ? ' (silent: no answer)' : ''}`);
    if (this.options.silent) return;
    const { ok, message, payload, then } = this.carryOut(command);
    await this.publish(this.topics.responses, encodeResponse(command.command, command.command_id, ok, payload, message));
    await then?.();
  }

  private carryOut(command: Command): { ok: boolean; message?: string; payload?: object; then?: () => Promise<void> } {
    const format = this.options.format;
    const p = command.payload ?? {};
    switch (command.command) {
      case 'start':
      case 'stop': {
        const scanning = command.command === 'start';
        if (format === 'ZEBRA' && this.state.scanning === scanning) return { ok: false, payload: { message: scanning ? 'Radio is already running' : 'Radio is not running' } };
        this.state.scanning = scanning;
        this.options.onScanning?.(scanning);
        return { ok: true, then: () => this.publish(this.topics.mgmt, encodeInventory(format, scanning)) };
      }
      case 'set_mode': {
        // Zebra's operating mode carries the antennas' power too (transmitPower, in antennas' order)
        const ports = Array.isArray(p.antennas) ? (p.antennas as unknown[]) : null;
        const powers = Array.isArray(p.transmitPower) ? (p.transmitPower as unknown[]) : null;
        if (ports && powers) {
          for (const a of this.state.antennas) {
            const i = ports.indexOf(a.port);
            a.power = i >= 0 ? Number(powers[i]) : 0;
          }
        }
        return { ok: true, payload: format === 'ZEBRA' ? {} : { mode: p.mode } };
      }
      case 'set_power': {
        const antennas = Array.isArray(p.antennas) ? (p.antennas as { port: number; power: number }[]) : [];
        for (const { port, power } of antennas) {
          const a = this.state.antennas.find((x) => x.port === port);
          if (!a) return { ok: false, message: `no antenna on port ${port}` };
          a.power = power;
        }
        return { ok: true };
      }
      case 'set_gpo': {
        this.outputs.set(Number(p.port), p.state === true);
        this.options.onOutput?.(Number(p.port), p.state === true);
        this.say(`output ${Number(p.port)} ${p.state === true ? 'ON (alarm)' : 'off'}`);
        const gpo = encodeGpo(format, Number(p.port), p.state === true);
        return { ok: true, then: gpo === null ? undefined : () => this.publish(this.topics.mgmt, gpo) };
      }
      default:
        return { ok: false, message: `unknown command ${command.command}` };
    }
  }

  /** Whether the MQTT connection is up. */
  get connected(): boolean {
    return this.client.connected;
  }

  /** The MQTT client, for what a scenario needs beyond these (a raw publish). */
  get mqtt(): MqttClient {
    return this.client;
  }
}
