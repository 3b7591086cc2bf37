import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { EventMetadata, StoredEvent } from '../../../platform/event-store/types.js';
import type { SettingsEvent } from '../settings.events.js';

/** Who a change names as its author: the user who made it; null for the system or the command line. */
export function changedBy(metadata: EventMetadata): string | null {
  return metadata.actor.kind === 'user' ? metadata.actor.id : null;
}

/** `system_settings`: each changed setting's current value, and who changed it last and when. */
export const settingsProjection: InlineProjection = {
  name: 'settings',
  tables: ['system_settings'],
  handlers: {
    SystemSettingsChanged: async (tx, e: StoredEvent<SettingsEvent['data']>) => {
      for (const [key, value] of Object.entries(e.data.changes)) {
        const row = { value: JSON.stringify(value), updated_at: e.recordedAt, updated_by: changedBy(e.metadata) };
        await tx
          .insertInto('system_settings')
          .values({ key, ...row })
          .onConflict((oc) => oc.column('key').doUpdateSet(row))
          .execute();
      }
    },
  },
};
