import type { InlineProjection } from '../platform/projections/inline-projections.js';
import { masterDataItemsProjection } from './master-data/projections/master-data-items.projection.js';
import { alertDisablementsProjection } from './notifications/projections/alert-disablements.projection.js';
import { linkHistoryProjection } from './reports/projections/link-history.projection.js';
import { rfidTagsProjection } from './rfid/projections/rfid-tags.projection.js';
import { samplesProjection } from './samples/projections/samples.projection.js';
import { sessionsProjection } from './users/projections/sessions.projection.js';
import { usersProjection } from './users/projections/users.projection.js';

/** Every inline projection of the application: the server, the rebuild command and the tests use this list. */
export const INLINE_PROJECTIONS: InlineProjection[] = [
  usersProjection,
  sessionsProjection,
  alertDisablementsProjection,
  masterDataItemsProjection,
  samplesProjection,
  rfidTagsProjection,
  linkHistoryProjection,
];
