import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { answeredBy } from '../../platform/cqrs/read-query.js';
import { PUBLIC_SETTING_KEYS, publicSettingsOf, REALTIME_EVENTS, settingValueSchema, SYSTEM_SETTING_DEFAULTS, SYSTEM_SETTINGS, type PublicSystemSettings, type SystemSettingKey, type SystemSettings, type SystemSettingsView, type SystemSettingValue, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { Platform } from '../../platform/platform.js';
import { RealtimeGateway } from '../../platform/realtime/realtime.gateway.js';
import { userNames } from '../users/users.public.js';
import { decideSettings, SETTINGS_STREAM_ID, settingsModel } from './domain/settings.js';
import { commandOf } from '../../platform/cqrs/command-message.js';

/** What a change announces to every instance (EventNotifier.announce). */
const SETTINGS_TOPIC = 'system-settings';

/** A second way to hear of a change, should an announcement be missed (a LISTEN connection lost): read again this often. */
const FALLBACK_REFRESH_MS = 30_000;

const isSetting = (key: string): key is SystemSettingKey => Object.hasOwn(SYSTEM_SETTINGS, key);

/** The settings from the table's rows; a setting without a row, or whose value its rule no longer allows (bounds changed since), has its default. */
function valuesOf(rows: readonly { key: string; value: SystemSettingValue }[]): SystemSettings {
  const values: Record<string, SystemSettingValue> = { ...SYSTEM_SETTING_DEFAULTS };
  for (const { key, value } of rows) {
    if (isSetting(key) && settingValueSchema(SYSTEM_SETTINGS[key]).safeParse(value).success) values[key] = value;
  }
  return values as SystemSettings;
}

/**
 * The system settings: read often (a reader's every message asks the dedupe window), changed rarely.
 * Reads come from memory. A change is announced to every instance when its transaction commits, and
 * each one (this one too) reads the table again at once: within a second everywhere, without a
 * restart. When the public part changes (what every screen shows), each instance pushes it to its own
 * open browsers (PUBLIC_SETTINGS).
 */
@Injectable()
export class SystemSettingsService implements OnModuleInit, OnModuleDestroy {
  private cached: SystemSettings = { ...SYSTEM_SETTING_DEFAULTS };
  private loaded = false;
  /** The read under way, and the one waiting to start after it (which every caller until then joins). */
  private reading: Promise<void> = Promise.resolve();
  private waiting: Promise<void> | undefined;
  private stopListening: (() => void) | undefined;
  private fallback: NodeJS.Timeout | undefined;

  constructor(
    @Inject(Platform) private readonly platform: Platform,
    private readonly realtime: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stopListening = this.platform.notifier.onAnnounced(SETTINGS_TOPIC, () => this.refreshInBackground());
    this.fallback = setInterval(() => this.refreshInBackground(), FALLBACK_REFRESH_MS);
    this.fallback.unref();
    await this.refresh();
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    clearInterval(this.fallback);
  }

  /** The settings now, from memory. */
  current(): SystemSettings {
    return this.cached;
  }

  /** What every signed-in user's browser reads: the product name, the default page size. */
  currentPublic(): PublicSystemSettings {
    return publicSettingsOf(this.cached);
  }

  /** Every value, and who changed each changed setting last and when, as stored now. */
  async view(): Promise<SystemSettingsView> {
    const db = this.platform.db;
    const rows = await db
      .selectFrom('system_settings as s')
      .leftJoin(userNames(db).as('u'), 'u.id', 's.updated_by')
      .select(['s.key', 's.value', 's.updated_at', 'u.id as userId', 'u.username', 'u.full_name'])
      .execute();
    const changes: SystemSettingsView['changes'] = {};
    for (const r of rows) {
      if (!isSetting(r.key)) continue;
      changes[r.key] = { at: r.updated_at.toISOString(), by: r.userId ? { id: r.userId, username: r.username!, fullName: r.full_name! } : null };
    }
    return { values: valuesOf(rows), changes };
  }

  /** Changes the named settings (an event naming the values that differ, with its actor) and answers the view after it. */
  async update(changes: UpdateSystemSettingsRequest): Promise<SystemSettingsView> {
    await this.platform.db.transaction().execute(async (tx) => {
      const appended = await this.platform.commands.execute(settingsModel, SETTINGS_STREAM_ID, (state) => decideSettings(state, changes), { tx });
      if (appended) await this.platform.notifier.announce(tx, SETTINGS_TOPIC);
    });
    await this.refresh();
    return this.view();
  }

  /**
   * Reads the table into memory. A read under way may have started before the change that asks for
   * this one committed, so a new read is queued after it; callers until it starts share it.
   */
  private refresh(): Promise<void> {
    if (!this.waiting) {
      const next = this.reading.then(() => {
        this.waiting = undefined;
        return this.read();
      });
      this.waiting = next;
      this.reading = next.catch(() => {});
    }
    return this.waiting;
  }

  private refreshInBackground(): void {
    this.refresh().catch((err: unknown) => this.platform.logger.warn({ err }, 'the system settings could not be read; keeping the last ones'));
  }

  private async read(): Promise<void> {
    const rows = await this.platform.db.selectFrom('system_settings').select(['key', 'value']).execute();
    const before = this.cached;
    this.cached = valuesOf(rows);
    const publicChanged = PUBLIC_SETTING_KEYS.some((k) => before[k] !== this.cached[k]);
    if (this.loaded && publicChanged) this.realtime.here.toEveryone(REALTIME_EVENTS.PUBLIC_SETTINGS, this.currentPublic());
    this.loaded = true;
  }
}

/** Settings changed, each checked against its rule; the new values reach every server and every open page. */
export class UpdateSystemSettings extends commandOf<{ changes: UpdateSystemSettingsRequest }, SystemSettingsView>() {}

@CommandHandler(UpdateSystemSettings)
export class UpdateSystemSettingsHandler implements ICommandHandler<UpdateSystemSettings> {
  constructor(private readonly settings: SystemSettingsService) {}

  execute({ changes }: UpdateSystemSettings): Promise<SystemSettingsView> {
    return this.settings.update(changes);
  }
}

/** Every setting with who changed it last and when. */
export class GetSystemSettings extends answeredBy(SystemSettingsService, (settings) => settings.view()) {}

/** The settings anyone may read (before signing in too): the product's name, the languages. */
export class GetPublicSettings extends answeredBy(SystemSettingsService, (settings) => settings.currentPublic()) {}

export const SETTINGS_HANDLERS = [UpdateSystemSettingsHandler, GetSystemSettings.handler, GetPublicSettings.handler];
