import { Inject, Injectable } from '@nestjs/common';
import { SYSTEM_SETTING_DEFAULTS, SYSTEM_SETTING_KEYS, type SystemSettings, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { Platform } from '../../platform/platform.js';
import { decideSettings, SETTINGS_STREAM_ID, settingsModel } from './domain/settings.js';

/** How long a value read from the database is trusted: another instance's change reaches this one within it. */
const CACHE_MS = 5000;

/**
 * The system settings: read often (a reader's every message asks the dedupe window), changed rarely.
 * Reads come from memory, refreshed at once on a change made here and within CACHE_MS of one made
 * through another instance.
 */
@Injectable()
export class SystemSettingsService {
  private cached: SystemSettings = { ...SYSTEM_SETTING_DEFAULTS };
  private readAt = 0;
  private refreshing: Promise<void> | undefined;

  constructor(@Inject(Platform) private readonly platform: Platform) {}

  /** The settings now; never waits on the database once loaded (a refresh runs in the background). */
  current(): SystemSettings {
    if (Date.now() - this.readAt > CACHE_MS) void this.refresh();
    return this.cached;
  }

  async load(): Promise<SystemSettings> {
    await this.refresh();
    return this.cached;
  }

  async update(changes: UpdateSystemSettingsRequest): Promise<SystemSettings> {
    await this.platform.commands.execute(settingsModel, SETTINGS_STREAM_ID, (state) => decideSettings(state, changes));
    return this.load();
  }

  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const rows = await this.platform.db.selectFrom('system_settings').select(['key', 'value']).execute();
        const next = { ...SYSTEM_SETTING_DEFAULTS };
        for (const r of rows) if ((SYSTEM_SETTING_KEYS as string[]).includes(r.key)) next[r.key as keyof SystemSettings] = r.value;
        this.cached = next;
        this.readAt = Date.now();
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}
