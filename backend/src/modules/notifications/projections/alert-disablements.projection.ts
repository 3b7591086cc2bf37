import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { AlertEvent } from '../../alerts/alerts.events.js';

// Two disables racing past the stream check: the row's key refuses the second one.
registerConstraintErrors({ alert_disablements_pkey: 'ALERT_ALREADY_DISABLED' });

type Of<T extends AlertEvent['type']> = StoredEvent<Extract<AlertEvent, { type: T }>['data']>;

/**
 * `alert_disablements`: who disabled which alert, when and why, written in the disable's own
 * transaction so the answer already shows it. Notifications join it by alert log id; it holds
 * nothing but what AlertDisabled says, so a rebuild empties and replays it safely.
 */
export const alertDisablementsProjection: InlineProjection = {
  name: 'alert-disablements',
  tables: ['alert_disablements'],
  handlers: {
    AlertDisabled: async (tx, e: Of<'AlertDisabled'>) => {
      await tx
        .insertInto('alert_disablements')
        .values({
          alert_log_id: e.data.alertLogId,
          disabled_by: e.data.disabledBy,
          disabled_by_id: e.data.disabledById,
          disabled_at: e.recordedAt,
          reason: e.data.reason,
        })
        .execute();
    },
  },
};
