import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { P, REALTIME_EVENTS, type ConnectionState, type DeviceStatusPush, type ReaderLive } from '@rfid/contracts';
import { Platform } from '../../../platform/platform.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';
import { SystemSettingsService } from '../../settings/settings.public.js';
import { IntegrationLog } from '../integration-log/integration-log.js';
import { ReaderDirectory } from './reader-directory.js';
import { ReaderOwnership } from './reader-ownership.js';
import type { KnownReader } from '../reader-views/reader-view.js';
import type { ReaderLiveTable } from '../readers.tables.js';

/** Announced when an owner wrote its readers' live states, or a server changed one it does not own (scanning after its command). */
const READER_LIVE_CHANGED = 'reader-live';

/** How often the heartbeat timeout is checked, and the live state written and pushed. */
const TICK_MS = 1000;
/** A reader's reads are counted per second over this many seconds (reads per second over the last minute). */
const RATE_SECONDS = 60;

interface Live extends Omit<ReaderLive, 'connectionChangedAt' | 'lastHeartbeatAt' | 'lastMessageAt'> {
  connectionChangedAt: Date | null;
  lastHeartbeatAt: Date | null;
  lastMessageAt: Date | null;
  /** Reads in each of the last RATE_SECONDS seconds, by second. */
  perSecond: Map<number, number>;
  /** Changed since it was last written and pushed. */
  dirty: boolean;
}

/** A stored live state, as its owner last wrote it; no sessions of this server, no rate kept. */
const fromRow = (r: ReaderLiveTable, connection: ConnectionState = r.connection as ConnectionState): Live => ({
  connection,
  connectionChangedAt: r.connection_changed_at,
  lastHeartbeatAt: r.last_heartbeat_at,
  lastMessageAt: r.last_message_at,
  temperature: r.temperature,
  readsPerSecond: r.reads_per_second,
  firmware: r.firmware,
  scanning: r.scanning,
  sessions: 0,
  perSecond: new Map(),
  dirty: false,
});

const toView = (l: Live): ReaderLive => ({
  connection: l.connection,
  connectionChangedAt: l.connectionChangedAt?.toISOString() ?? null,
  lastHeartbeatAt: l.lastHeartbeatAt?.toISOString() ?? null,
  lastMessageAt: l.lastMessageAt?.toISOString() ?? null,
  temperature: l.temperature,
  readsPerSecond: l.readsPerSecond,
  firmware: l.firmware,
  scanning: l.scanning,
  sessions: l.sessions,
});

/**
 * What each reader reports of itself, live: connected or not (its MQTT connection on the embedded
 * broker; on any broker, a message, a heartbeat or a keep-alive within the heartbeat timeout), its
 * last heartbeat, temperature, reads per second, firmware, and whether it scans. Telemetry, not
 * events: kept in memory, written to `reader_live` and pushed (`device:status`) at most once a second
 * per reader, a connection change at once. With several servers on one broker, the reader's owner
 * keeps it (ReaderOwnership) and the others show what it wrote (`mirror`, read again when it announces a
 * write); a server taking a reader over starts from what the previous owner wrote.
 */
@Injectable()
export class ReaderLiveState implements OnModuleInit, OnModuleDestroy {
  private readonly live = new Map<string, Live>();
  /** The readers other servers own, as their owners last wrote them. */
  private mirror = new Map<string, Live>();
  private timer: NodeJS.Timeout | undefined;
  private readonly connectionListeners: ((reader: KnownReader, connection: 'CONNECTED' | 'DISCONNECTED', at: Date) => void)[] = [];
  private readonly scanningListeners: ((readerId: string, scanning: boolean) => void)[] = [];
  private readonly sessionListeners: ((reader: KnownReader) => void)[] = [];
  /** Disconnections waiting out the grace, by reader. */
  private readonly pendingLeave = new Map<string, NodeJS.Timeout>();
  /** Since when the broker link is up (always, on the embedded broker); null while it is down. */
  private linkUpAt: Date | null = new Date(0);

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly realtime: RealtimeGateway,
    private readonly settings: SystemSettingsService,
    private readonly directory: ReaderDirectory,
    private readonly log: IntegrationLog,
    private readonly ownership: ReaderOwnership,
  ) {
    platform.metrics.sampled('rfid_reader_last_message_age_seconds', 'Seconds since each reader this server handles was last heard', ['reader'], (g) => {
      g.reset();
      const now = Date.now();
      for (const [readerId, l] of this.live) {
        const reader = this.directory.byReaderId(readerId);
        if (reader && l.lastMessageAt && this.ownership.owns(readerId)) g.set({ reader: reader.code }, (now - l.lastMessageAt.getTime()) / 1000);
      }
    });
  }

  async onModuleInit(): Promise<void> {
    if (this.ownership.shared) {
      this.ownership.onGaining((readers) => this.takeOver(readers.map((r) => r.readerId)));
      this.ownership.onLosing((readerIds) => this.handOver(readerIds));
      this.platform.notifier.onAnnounced(READER_LIVE_CHANGED, () => void this.readMirror());
      await this.readMirror();
    } else {
      // What a reader reported before this server started: kept, but no connection outlives a restart.
      const rows = await this.platform.db.selectFrom('reader_live').selectAll().execute();
      for (const r of rows) {
        const l = fromRow(r, 'DISCONNECTED');
        l.readsPerSecond = 0;
        if (r.connection === 'CONNECTED') Object.assign(l, { connectionChangedAt: new Date(), dirty: true });
        this.live.set(r.reader_id, l);
      }
    }
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Readers this server takes: kept from what their previous owner wrote (a connected reader stays so until silent past the timeout). */
  private async takeOver(readerIds: readonly string[]): Promise<void> {
    const rows = await this.platform.db.selectFrom('reader_live').selectAll().where('reader_id', 'in', readerIds).execute();
    for (const r of rows) this.live.set(r.reader_id, fromRow(r));
  }

  private handOver(readerIds: readonly string[]): void {
    for (const id of readerIds) {
      this.keep(id);
      const l = this.live.get(id);
      this.live.delete(id);
      if (l) this.mirror.set(id, l);
    }
  }

  private async readMirror(): Promise<void> {
    try {
      const rows = await this.platform.db.selectFrom('reader_live').selectAll().execute();
      this.mirror = new Map(rows.map((r) => [r.reader_id, fromRow(r)]));
      // a start or stop another server sent to a reader of this one: its scanning is this server's to tell
      for (const r of rows) {
        const l = this.live.get(r.reader_id);
        if (l && !l.dirty && l.scanning !== r.scanning && this.ownership.owns(r.reader_id)) this.setScanning(r.reader_id, r.scanning);
      }
    } catch (err) {
      this.platform.logger.warn({ err: (err as Error).message }, 'the readers’ live states could not be read');
    }
  }

  /** The live state this server shows of a reader: its own where it owns the reader, else the owner's. */
  private shown(readerId: string): Live {
    return this.ownership.owns(readerId) ? this.of(readerId) : (this.mirror.get(readerId) ?? this.of(readerId));
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    for (const timer of this.pendingLeave.values()) clearTimeout(timer);
    await this.write();
  }

  private of(readerId: string): Live {
    let l = this.live.get(readerId);
    if (!l) {
      l = {
        connection: 'DISCONNECTED',
        connectionChangedAt: null,
        lastHeartbeatAt: null,
        lastMessageAt: null,
        temperature: null,
        readsPerSecond: 0,
        firmware: null,
        scanning: false,
        sessions: 0,
        perSecond: new Map(),
        dirty: true,
      };
      this.live.set(readerId, l);
    }
    return l;
  }

  /** The live state of a reader as the API answers it. */
  view(readerId: string): ReaderLive {
    return toView(this.shown(readerId));
  }

  isConnected(readerId: string): boolean {
    return this.shown(readerId).connection === 'CONNECTED';
  }

  isScanning(readerId: string): boolean {
    return this.shown(readerId).scanning;
  }

  /** Anything from the reader (a message, a keep-alive) shows it alive. */
  seen(reader: KnownReader, at: Date): void {
    this.keep(reader.id);
    const l = this.of(reader.id);
    l.lastMessageAt = at;
    if (l.connection !== 'CONNECTED') this.setConnection(reader, l, 'CONNECTED', at, 'a message from the reader');
  }

  /** Tells `listener` of every connection change (the alerts module raises "reader disconnected" from it). */
  onConnectionChange(listener: (reader: KnownReader, connection: 'CONNECTED' | 'DISCONNECTED', at: Date) => void): void {
    this.connectionListeners.push(listener);
  }

  /**
   * Tells `listener` when a reader opens an MQTT session (the embedded broker tells them), also one that
   * is no change of its connection (back within the grace): the device may have restarted, and what it
   * should be doing (a gate's alarm) is to be sent again.
   */
  onSessionOpened(listener: (reader: KnownReader) => void): void {
    this.sessionListeners.push(listener);
  }

  /** Tells `listener` when a reader starts or stops scanning (a quick count ends when its handheld stops). */
  onScanningChange(listener: (readerId: string, scanning: boolean) => void): void {
    this.scanningListeners.push(listener);
  }

  /** An MQTT session of the reader opened (the embedded broker): it is connected, whatever was about to end. */
  sessionOpened(reader: KnownReader, at: Date): void {
    this.keep(reader.id);
    const l = this.of(reader.id);
    l.sessions++;
    l.lastMessageAt = at;
    this.setConnection(reader, l, 'CONNECTED', at, 'MQTT connection');
    for (const listener of this.sessionListeners) listener(reader);
  }

  /** An MQTT session of the reader closed: disconnected once none is left and none opens within the grace. */
  sessionClosed(reader: KnownReader, at: Date): void {
    const l = this.of(reader.id);
    l.sessions = Math.max(0, l.sessions - 1);
    if (l.sessions === 0) this.leaving(reader, at, 'MQTT connection closed');
  }

  /**
   * The reader said it left, or its broker published its will: disconnected unless it is heard again (or,
   * on the embedded broker, has a session still open) within the disconnection grace.
   */
  leaving(reader: KnownReader, at: Date, why: string): void {
    const graceMs = this.settings.current().readerDisconnectGraceSeconds * 1000;
    this.keep(reader.id);
    if (graceMs === 0) return this.disconnected(reader, at, why);
    const timer = setTimeout(() => {
      this.pendingLeave.delete(reader.id);
      if (this.of(reader.id).sessions === 0) this.disconnected(reader, at, why);
    }, graceMs);
    timer.unref();
    this.pendingLeave.set(reader.id, timer);
  }

  /** A disconnection waiting out its grace does not happen. */
  private keep(readerId: string): void {
    clearTimeout(this.pendingLeave.get(readerId));
    this.pendingLeave.delete(readerId);
  }

  private disconnected(reader: KnownReader, at: Date, why: string): void {
    this.setConnection(reader, this.of(reader.id), 'DISCONNECTED', at, why);
  }

  heartbeat(reader: KnownReader, at: Date, report: { temperature: number | null; firmware: string | null; scanning: boolean | null }): void {
    const l = this.of(reader.id);
    l.lastHeartbeatAt = at;
    if (report.temperature !== null) l.temperature = report.temperature;
    if (report.firmware !== null) l.firmware = report.firmware;
    if (report.scanning !== null) l.scanning = report.scanning;
    l.dirty = true;
    this.seen(reader, at);
  }

  setScanning(readerId: string, scanning: boolean): void {
    if (!this.ownership.owns(readerId)) return void this.setScanningElsewhere(readerId, scanning);
    const l = this.of(readerId);
    if (l.scanning !== scanning) {
      l.scanning = scanning;
      l.dirty = true;
      for (const listener of this.scanningListeners) listener(readerId, scanning);
    }
  }

  /** A command of this server started or stopped a reader another owns: written for its owner to take up, and shown here meanwhile. */
  private async setScanningElsewhere(readerId: string, scanning: boolean): Promise<void> {
    const shown = this.mirror.get(readerId);
    if (shown) shown.scanning = scanning;
    try {
      await this.platform.db.updateTable('reader_live').set({ scanning }).where('reader_id', '=', readerId).execute();
      await this.platform.notifier.announceNow(READER_LIVE_CHANGED);
    } catch (err) {
      this.platform.logger.warn({ err: (err as Error).message, readerId }, 'a reader’s scanning could not be told to its owner');
    }
  }

  countReads(readerId: string, n: number, at: Date): void {
    const l = this.of(readerId);
    const second = Math.floor(at.getTime() / 1000);
    l.perSecond.set(second, (l.perSecond.get(second) ?? 0) + n);
  }

  /**
   * The back-office's link to the broker went down: nothing is heard of any reader, so none is known to
   * be connected or not (UNKNOWN: no "disconnected" alert, no count stopped) until it is heard again.
   */
  linkDown(at: Date): void {
    this.linkUpAt = null;
    for (const reader of this.directory.all()) if (this.ownership.owns(reader.id)) this.setConnection(reader, this.of(reader.id), 'UNKNOWN', at, 'the back-office’s link to the MQTT broker is down');
  }

  /** The link is back: a reader still unknown once its heartbeat timeout has passed since then is disconnected. */
  linkUp(at: Date): void {
    this.linkUpAt = at;
  }

  private setConnection(reader: KnownReader, l: Live, connection: ConnectionState, at: Date, why: string): void {
    if (l.connection === connection) return;
    l.connection = connection;
    l.connectionChangedAt = at;
    l.dirty = true;
    this.log.add({ at, reader, kind: 'CONNECTION', direction: 'IN', topic: null, outcome: 'OK', summary: `${connection.toLowerCase()}: ${why}` });
    // a connection change is pushed at once, not at the next tick
    void this.write([reader.id]);
    if (connection !== 'UNKNOWN') for (const listener of this.connectionListeners) listener(reader, connection, at);
  }

  /** Every second: readers silent past the heartbeat timeout are disconnected; the read rates move on; what changed is written and pushed. */
  private async tick(): Promise<void> {
    const now = Date.now();
    const timeoutMs = this.settings.current().readerHeartbeatTimeoutSeconds * 1000;
    const oldest = Math.floor(now / 1000) - RATE_SECONDS;
    for (const [readerId, l] of this.live) {
      if (!this.ownership.owns(readerId)) continue;
      for (const second of l.perSecond.keys()) if (second <= oldest) l.perSecond.delete(second);
      const rate = Math.round(([...l.perSecond.values()].reduce((a, b) => a + b, 0) / RATE_SECONDS) * 10) / 10;
      if (rate !== l.readsPerSecond) {
        l.readsPerSecond = rate;
        l.dirty = true;
      }
      if (l.connection === 'CONNECTED' && l.lastMessageAt && now - l.lastMessageAt.getTime() > timeoutMs) {
        const reader = this.directory.byReaderId(readerId);
        if (reader) this.disconnected(reader, new Date(now), `nothing heard for ${timeoutMs / 1000} s (heartbeat timeout)`);
      }
      if (l.connection === 'UNKNOWN' && this.linkUpAt && now - Math.max(this.linkUpAt.getTime(), l.lastMessageAt?.getTime() ?? 0) > timeoutMs) {
        const reader = this.directory.byReaderId(readerId);
        if (reader) this.disconnected(reader, new Date(now), `nothing heard for ${timeoutMs / 1000} s since the broker link came back`);
      }
    }
    await this.write();
  }

  /** Writes the changed states (or those named) to `reader_live` and pushes them to whoever may see readers. */
  private async write(only?: string[]): Promise<void> {
    const changed = (only ?? [...this.live.keys()]).filter((id) => this.live.get(id)?.dirty && this.ownership.owns(id));
    if (!changed.length) return;
    const rows = changed.map((id) => {
      const l = this.live.get(id)!;
      l.dirty = false;
      return {
        reader_id: id,
        connection: l.connection,
        connection_changed_at: l.connectionChangedAt,
        last_heartbeat_at: l.lastHeartbeatAt,
        last_message_at: l.lastMessageAt,
        temperature: l.temperature,
        reads_per_second: l.readsPerSecond,
        firmware: l.firmware,
        scanning: l.scanning,
      };
    });
    const pushes = changed.flatMap((id): DeviceStatusPush[] => {
      const reader = this.directory.byReaderId(id);
      return reader ? [{ readerId: id, code: reader.code, live: toView(this.live.get(id)!) }] : [];
    });
    try {
      await this.platform.db
        .insertInto('reader_live')
        .values(rows)
        .onConflict((oc) =>
          oc.column('reader_id').doUpdateSet((eb) => ({
            connection: eb.ref('excluded.connection'),
            connection_changed_at: eb.ref('excluded.connection_changed_at'),
            last_heartbeat_at: eb.ref('excluded.last_heartbeat_at'),
            last_message_at: eb.ref('excluded.last_message_at'),
            temperature: eb.ref('excluded.temperature'),
            reads_per_second: eb.ref('excluded.reads_per_second'),
            firmware: eb.ref('excluded.firmware'),
            scanning: eb.ref('excluded.scanning'),
          })),
        )
        .execute();
      if (this.ownership.shared) await this.platform.notifier.announceNow(READER_LIVE_CHANGED);
    } catch (err) {
      this.platform.logger.error({ err }, 'reader live state could not be written');
    }
    // pushed once written: a page that asks again on a push (a list filtered by connection) reads what it was told
    for (const push of pushes) this.realtime.everywhere.toPermission(P.SECURITY_GATE_CONFIGURATION_LIST, REALTIME_EVENTS.DEVICE_STATUS, push);
  }
}
