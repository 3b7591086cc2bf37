import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { SettingsEvent } from '../domain/settings.js';

/** `system_settings`: each setting's current value. */
export const settingsProjection: InlineProjection = {
  name: 'settings',
  tables: ['system_settings'],
  handlers: {
    SystemSettingsChanged: async (tx, e: StoredEvent<SettingsEvent['data']>) => {
      for (const [key, value] of Object.entries(e.data.changes)) {
        await tx
          .insertInto('system_settings')
          .values({ key, value: value!, updated_at: e.recordedAt })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: value!, updated_at: e.recordedAt }))
          .execute();
      }
    },
  },
};
