import type { Migration } from 'kysely';
import * as eventStore from './0001-event-store.js';
import * as users from './0002-users.js';
import * as notifications from './0003-notifications.js';
import * as masterData from './0004-master-data.js';
import * as samples from './0005-samples.js';
import * as rfid from './0006-rfid.js';
import * as linkHistory from './0007-link-history.js';

/** Ordered; a migration, once released, is never edited: add a new one. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-event-store': eventStore,
  '0002-users': users,
  '0003-notifications': notifications,
  '0004-master-data': masterData,
  '0005-samples': samples,
  '0006-rfid': rfid,
  '0007-link-history': linkHistory,
};
