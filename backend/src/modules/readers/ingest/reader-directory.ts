import { Inject, Injectable } from '@nestjs/common';
import type { DeviceModePush, ReaderTopicKind } from '@rfid/contracts';
import { P, READER_TOPIC_KINDS, REALTIME_EVENTS } from '@rfid/contracts';
import { Platform } from '../../../platform/platform.js';
import { toKnownReader, KNOWN_READER_COLUMNS, type KnownReader } from '../reader-views/reader-view.js';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway.js';

/** How long the directory trusts what it read: a safety net behind the reload on every committed change of the registry (ReaderDirectoryRefresh). */
const REFRESH_MS = 10_000;

/**
 * The registered readers in memory, by id, by code and by topic: every message of every reader asks
 * who sent it, which must not be a query. Reloaded at once when the registry changes, here or through
 * another server (its committed events: ReaderDirectoryRefresh), and every REFRESH_MS besides. A reader whose device mode, operating
 * mode or switch is not what it was is pushed (`device:mode`, the real-time device-mode topic,
 * /topic/get_mode) to whoever may see readers.
 */
@Injectable()
export class ReaderDirectory {
  private byId = new Map<string, KnownReader>();
  private byCode = new Map<string, KnownReader>();
  private byTopic = new Map<string, { reader: KnownReader; kind: ReaderTopicKind }>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly realtime: RealtimeGateway,
  ) {}

  async reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.platform.db.selectFrom('readers').select(KNOWN_READER_COLUMNS).execute();
        const byId = new Map<string, KnownReader>();
        const byCode = new Map<string, KnownReader>();
        const byTopic = new Map<string, { reader: KnownReader; kind: ReaderTopicKind }>();
        for (const r of rows) {
          const reader = toKnownReader(r);
          byId.set(reader.id, reader);
          byCode.set(reader.code, reader);
          for (const kind of READER_TOPIC_KINDS) byTopic.set(reader.topics[kind], { reader, kind });
        }
        const previous = this.byId;
        [this.byId, this.byCode, this.byTopic] = [byId, byCode, byTopic];
        if (this.loadedAt) this.pushModes(previous);
        this.loadedAt = Date.now();
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private pushModes(previous: Map<string, KnownReader>): void {
    for (const r of this.byId.values()) {
      const before = previous.get(r.id);
      if (before && before.deviceMode === r.deviceMode && before.operatingMode === r.operatingMode && before.switch === r.switch) continue;
      const push: DeviceModePush = { readerId: r.id, code: r.code, deviceMode: r.deviceMode, operatingMode: r.operatingMode, switch: r.switch };
      this.realtime.here.toPermission(P.SECURITY_GATE_CONFIGURATION_LIST, REALTIME_EVENTS.DEVICE_MODE, push);
    }
  }

  /** Reads the registry again unless it was read within `ms`: a topic or username not known yet may be a reader registered a moment ago elsewhere. */
  async reloadIfOlderThan(ms: number): Promise<void> {
    if (Date.now() - this.loadedAt > ms) await this.reload();
  }

  private fresh(): void {
    if (Date.now() - this.loadedAt > REFRESH_MS) void this.reload().catch((err: unknown) => this.platform.logger.error({ err }, 'reader directory reload failed'));
  }

  byReaderId(id: string): KnownReader | undefined {
    this.fresh();
    return this.byId.get(id);
  }

  byReaderCode(code: string): KnownReader | undefined {
    this.fresh();
    return this.byCode.get(code.toUpperCase());
  }

  /** The reader a topic belongs to, and which of its topics it is. */
  byTopicName(topic: string): { reader: KnownReader; kind: ReaderTopicKind } | undefined {
    this.fresh();
    return this.byTopic.get(topic);
  }

  all(): KnownReader[] {
    this.fresh();
    return [...this.byId.values()];
  }
}
