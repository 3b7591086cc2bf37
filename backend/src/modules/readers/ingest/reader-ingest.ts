import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AntennaRole } from '@rfid/contracts';
import type { InboundMessage, MqttListener, MqttPrincipal } from '../../../platform/mqtt/mqtt-access.js';
import { Platform } from '../../../platform/platform.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { DeviceCommands } from '../commands/device-commands.js';
import { parseReaderPayload } from '../payloads/parse-reader-payload.js';
import type { ReaderMessage } from '../payloads/reader-message.js';
import { IntegrationLog } from '../integration-log/integration-log.js';
import { ReaderLiveState } from './live-state.js';
import type { Observation } from './observation.js';
import { ObservationBus } from './observations.js';
import { ReadDedupe } from './read-dedupe.js';
import { ReaderDirectory } from './reader-directory.js';
import type { KnownReader } from '../reader-views/reader-view.js';
import { ReaderMqttAccess } from './reader-mqtt-access.js';
import { ReaderOwnership } from './reader-ownership.js';
import { tagSightingsConsumer } from './tag-sightings.js';
import { TakeoverBuffer } from './takeover-buffer.js';

/** A one-line account of a management message for the integration log. */
function describe(message: ReaderMessage): string {
  switch (message.kind) {
    case 'heartbeat':
      return `heartbeat${message.temperature !== null ? `, ${message.temperature} °C` : ''}${message.scanning !== null ? `, ${message.scanning ? 'scanning' : 'idle'}` : ''}`;
    case 'connection':
      return message.connected ? 'the reader says it is online' : 'the reader says it left (its goodbye or its will)';
    case 'antenna':
      return `antenna ${message.port} ${message.connected ? 'connected' : 'disconnected'}`;
    case 'inventory-status':
      return `inventory ${message.running ? 'running' : 'stopped'}${message.detail ? `: ${message.detail}` : ''}`;
    case 'gpi':
      return `GPI ${message.port} ${message.state ? 'high' : 'low'}`;
    case 'gpo':
      return `GPO ${message.port} ${message.state ? 'high' : 'low'}`;
    case 'notice':
      return `${message.level}: ${message.text}`;
    case 'tag-reads':
      return `${message.reads.length} reads`;
    case 'command-response':
      return `${message.command ?? 'response'} (${message.commandId})`;
  }
}

/**
 * Every message a reader publishes, as it arrives: who sent it (the signed-in reader, or on an
 * external broker the topic's reader), what it says (parseReaderPayload, whatever the vendor format),
 * then: tag reads deduplicated per reader and EPC within the dedupe window (a system setting) and
 * handed to the observation consumers, which may hold the reader back; heartbeats and device events
 * into the live state and the integration log; command responses to the command waiting for them;
 * anything refused or not understood into the integration log with its reason and payload, never
 * an error. With several servers on one broker only the reader's owner handles its messages
 * (ReaderOwnership); the others answer the commands they sent it and keep the rest a while
 * (TakeoverBuffer), to replay should they take the reader over.
 */
@Injectable()
export class ReaderIngest implements MqttListener, OnModuleInit {
  private readonly dedupe = new ReadDedupe();
  private readonly heardElsewhere: TakeoverBuffer;
  private readonly counted;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly directory: ReaderDirectory,
    private readonly access: ReaderMqttAccess,
    private readonly live: ReaderLiveState,
    private readonly log: IntegrationLog,
    private readonly bus: ObservationBus,
    private readonly commandBus: CommandBus,
    private readonly commands: DeviceCommands,
    private readonly settings: SystemSettingsService,
    private readonly ownership: ReaderOwnership,
  ) {
    this.heardElsewhere = new TakeoverBuffer(platform.config.readerLeaseSeconds * 1000 + 5000);
    const m = platform.metrics;
    this.counted = {
      reads: m.counter('rfid_reads_total', 'Tag reads in the messages of the readers this server handles'),
      observations: m.counter('rfid_observations_total', 'Reads handed on as observations (new within the dedupe window)'),
      duplicates: m.counter('rfid_duplicate_reads_total', 'Reads dropped as seen within the dedupe window'),
      refused: m.counter('rfid_reader_messages_refused_total', 'Messages, or parts, refused or not understood, by outcome', ['outcome']),
    };
    m.sampled('rfid_takeover_buffer_messages', 'Messages of readers other servers handle, kept to replay on a takeover', [], (g) => g.set(this.heardElsewhere.size));
  }

  async onModuleInit(): Promise<void> {
    // the settings module loaded the settings at its own init, before this one
    await this.directory.reload();
    this.bus.register(tagSightingsConsumer(this.platform, this.commandBus));
    this.platform.mqtt.use(this.access, this);
    this.ownership.setCatchUp(async ({ readerId, since }) => {
      for (let kept = this.heardElsewhere.next(readerId, since); kept; kept = this.heardElsewhere.next(readerId, since)) await this.message(kept, true);
    });
  }

  private readerOf(principal: MqttPrincipal | undefined): KnownReader | undefined {
    return principal ? this.directory.byReaderId(principal.id) : undefined;
  }

  /** `replayed`: heard before this server took the reader, handled now as its owner. */
  async message(inbound: InboundMessage, replayed = false): Promise<void> {
    const { topic, payload, principal, receivedAt, qos } = inbound;
    // a reader registered a moment ago through another server may speak before this one has heard of it
    if (!principal && !this.directory.byTopicName(topic)) await this.directory.reloadIfOlderThan(1000);
    const byTopic = this.directory.byTopicName(topic);
    const reader = this.readerOf(principal) ?? byTopic?.reader;
    if (!reader) {
      // on an external broker: a topic of no registered reader (another application's, or a reader not yet registered)
      if (!principal) return;
      this.log.add({ at: receivedAt, reader: null, readerCode: principal.username, kind: 'MGMT', direction: 'IN', topic, outcome: 'REJECTED', reason: 'no registered reader publishes here', summary: 'message from an unknown client', payload });
      return;
    }
    // our own commands, seen again on an external broker
    if (byTopic?.kind === 'commands') return;
    if (!replayed && !this.ownership.owns(reader.id)) return this.ownedElsewhere(reader, inbound, byTopic?.kind === 'events');
    const outcome = parseReaderPayload(payload);
    // a will is published by the broker once the reader has gone: it is no sign of life
    const leaving = outcome.messages.some((m) => m.kind === 'connection' && !m.connected);
    if (!leaving) this.live.seen(reader, receivedAt);
    for (const part of outcome.rejected) {
      this.counted.refused.inc({ outcome: outcome.format ? 'REJECTED' : 'MALFORMED' });
      // a flood of bad EPCs from one reader is one row per reason a minute and a count
      this.log.addGrouped({
        at: receivedAt,
        reader,
        kind: byTopic?.kind === 'events' ? 'TAG_DATA' : 'MGMT',
        direction: 'IN',
        topic,
        outcome: outcome.format ? 'REJECTED' : 'MALFORMED',
        reason: part.reason,
        summary: outcome.format ? `part of a ${outcome.format} message refused` : 'message not understood',
        payload: typeof part.raw === 'string' ? part.raw : JSON.stringify(part.raw),
      }, reader.id);
    }
    for (const message of outcome.messages) {
      if (message.kind === 'tag-reads') await this.reads(reader, topic, message.reads, receivedAt, qos > 0);
      else if (message.kind === 'command-response') this.commands.answer(reader, message, topic, receivedAt, payload, { logUnmatched: !this.ownership.shared });
      else {
        if (message.kind === 'heartbeat') this.live.heartbeat(reader, receivedAt, message);
        if (message.kind === 'inventory-status') this.live.setScanning(reader.id, message.running);
        if (message.kind === 'connection' && !message.connected) this.live.leaving(reader, receivedAt, 'the reader left (its goodbye or its will)');
        this.log.add({ at: receivedAt, reader, kind: 'MGMT', direction: 'IN', topic, outcome: 'OK', summary: describe(message), payload });
      }
    }
  }

  /**
   * A message of a reader another server handles: the answers to this server's own commands are taken,
   * and the whole kept a while (the owner may die before handling it).
   */
  private ownedElsewhere(reader: KnownReader, inbound: InboundMessage, tagData: boolean): void {
    if (!tagData) {
      for (const message of parseReaderPayload(inbound.payload).messages) {
        if (message.kind === 'command-response') this.commands.answer(reader, message, inbound.topic, inbound.receivedAt, inbound.payload, { logUnmatched: false });
      }
    }
    this.heardElsewhere.keep(reader.id, inbound);
  }

  /** `durable`: the reader relies on the acknowledgement (QoS 1): resolved once its reads are in the journal. */
  private async reads(reader: KnownReader, topic: string, reads: Extract<ReaderMessage, { kind: 'tag-reads' }>['reads'], at: Date, durable: boolean): Promise<void> {
    const settings = this.settings.current();
    // A gate tells a pass from the next by a gap with no sighting: a tag still in its field must be seen
    // at least twice per gap, or one long pass would count as several (a window as long as the gap).
    const windowMs = reader.kind === 'GATE' ? Math.min(settings.readDedupeWindowMs, (settings.gatePassGapSeconds * 1000) / 2) : settings.readDedupeWindowMs;
    const atMs = at.getTime();
    const observations: Observation[] = [];
    const keys: string[] = [];
    // A gate's reads are deduplicated per antenna too: the order in which an item is first seen by the
    // inner and the outer antenna is its direction, so the second side must not be swallowed.
    const roles = reader.kind === 'GATE' ? antennaRoles(reader) : undefined;
    for (const read of reads) {
      const role = roles?.get(read.antenna ?? -1) ?? null;
      const key = role ? `${read.epc}@${role}` : read.epc;
      if (!this.dedupe.pass(reader.id, key, atMs, windowMs)) continue;
      keys.push(key);
      observations.push({
        readerId: reader.id,
        readerCode: reader.code,
        readerKind: reader.kind,
        zoneId: reader.zoneId,
        epc: read.epc,
        antenna: read.antenna,
        antennaRole: role,
        operatingMode: reader.operatingMode,
        switch: reader.switch,
        rssi: read.rssi,
        seenCount: read.seenCount,
        at,
        deviceTime: read.deviceTime,
      });
    }
    this.counted.reads.inc(reads.length);
    this.counted.observations.inc(observations.length);
    this.counted.duplicates.inc(reads.length - observations.length);
    this.live.countReads(reader.id, reads.length, at);
    this.log.countReads(reader, topic, reads.map((r) => r.epc), at);
    try {
      await this.bus.publish(observations, { durable });
    } catch (err) {
      // not taken in (the journal out of reach): the reader sends them again unacknowledged, and they must pass then
      this.dedupe.forget(reader.id, keys, atMs);
      throw err;
    }
  }

  connected(principal: MqttPrincipal): void {
    const reader = this.readerOf(principal);
    if (reader) this.live.sessionOpened(reader, new Date());
  }

  alive(principal: MqttPrincipal): void {
    const reader = this.readerOf(principal);
    if (reader) this.live.seen(reader, new Date());
  }

  disconnected(principal: MqttPrincipal): void {
    const reader = this.readerOf(principal);
    if (reader) this.live.sessionClosed(reader, new Date());
  }

  linkChanged(up: boolean, detail: string): void {
    const at = new Date();
    if (up) this.live.linkUp(at);
    else this.live.linkDown(at);
    this.log.add({ at, reader: null, readerCode: null, kind: 'CONNECTION', direction: 'IN', topic: null, outcome: up ? 'OK' : 'FAILED', summary: `the back-office’s link to the MQTT broker is ${up ? 'up' : 'down'}: ${detail}` });
  }

  refused(refusal: { username: string | null; topic: string | null; reason: string; payload?: Buffer; address?: string }): void {
    const reader = (refusal.username ? this.directory.byReaderCode(refusal.username) : undefined) ?? (refusal.topic ? this.directory.byTopicName(refusal.topic)?.reader : undefined);
    // alike refusals from one address (a guessing client) are one row a minute and a count
    this.log.addGrouped(
      {
        at: new Date(),
        reader: reader ?? null,
        readerCode: refusal.username,
        kind: 'MGMT',
        direction: 'IN',
        topic: refusal.topic,
        outcome: 'REJECTED',
        reason: refusal.reason,
        summary: `refused by the broker${refusal.address ? ` (from ${refusal.address})` : ''}`,
        payload: refusal.payload,
      },
      refusal.address ?? reader?.id ?? refusal.username ?? 'unknown',
    );
  }
}

const rolesOf = new WeakMap<KnownReader, Map<number, AntennaRole>>();
/** A gate's antenna roles by port (kept per directory entry: a reload makes new entries). */
function antennaRoles(reader: KnownReader): Map<number, AntennaRole> {
  let roles = rolesOf.get(reader);
  if (!roles) {
    roles = new Map(reader.antennas.filter((a) => a.role).map((a) => [a.port, a.role!]));
    rolesOf.set(reader, roles);
  }
  return roles;
}
