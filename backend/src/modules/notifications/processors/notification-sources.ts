import type { NotificationMessageKey, NotificationParams } from '@rfid/contracts';
import type { Tx } from '../../../platform/database/database.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import { alertMessage, alertRecipients, configurationRecipient, reminderMessage, type AlertMessage } from '../../alerts/alerts.public.js';
import type { AlertEvent, AlertReminderEvent } from '../../alerts/alerts.events.js';
import { groupMembers } from '../../users/users.public.js';
import type { GroupEvent, UserEvent } from '../../users/users.events.js';

/** A notification to write: to whom, which message, and for an alert, which one and at which gate. */
export interface NotificationDraft {
  userId: string;
  messageKey: NotificationMessageKey;
  params: NotificationParams;
  alertLogId?: string;
  readerHostName?: string;
  readerName?: string;
}

/**
 * What one event notifies. `tx` is the processor's transaction, for a source that must look up its
 * recipients (everyone holding a permission, say); it must not write.
 */
export type NotificationSource = (event: StoredEvent, tx: Tx) => NotificationDraft[] | Promise<NotificationDraft[]>;

type DataOf<T extends (UserEvent | GroupEvent)['type']> = Extract<UserEvent | GroupEvent, { type: T }>['data'];

/** Who did it, as the texts name them: the acting user's username, or "system". */
const byActor = (e: StoredEvent): NotificationParams => ({ by: e.metadata.actor?.name ?? 'system' });

type AlertDataOf<T extends AlertEvent['type']> = Extract<AlertEvent, { type: T }>['data'];

/** An alert's message to one recipient with their action: the alert it is about (when one), and its gate. */
function draftOf(userId: string, message: AlertMessage, alertId: string | null, action: string): NotificationDraft {
  return {
    userId,
    messageKey: message.key,
    params: { ...message.params, action },
    ...(alertId ? { alertLogId: alertId } : {}),
    ...(message.readerHostName ? { readerHostName: message.readerHostName } : {}),
    ...(message.readerName ? { readerName: message.readerName } : {}),
  };
}

/** The in-app notifications of an alert raised: to the users configured for its kind with IN_APP, each with their action. */
async function tellAlert(tx: Tx, alertId: string): Promise<NotificationDraft[]> {
  const message = await alertMessage(tx, alertId, false);
  if (!message) return [];
  const recipients = await alertRecipients(tx, message.kind);
  return recipients.filter((r) => r.methods.includes('IN_APP')).map((r) => draftOf(r.userId, message, alertId, r.actionName));
}

/** The in-app notification of a reminder: to its configuration's user, if the configuration still tells them in the app. */
async function tellReminder(tx: Tx, reminder: AlertReminderEvent['data']): Promise<NotificationDraft[]> {
  const recipient = await configurationRecipient(tx, reminder.configurationId);
  if (!recipient?.methods.includes('IN_APP')) return [];
  const message = await reminderMessage(tx, reminder);
  return message ? [draftOf(recipient.userId, message, message.alertId, recipient.actionName)] : [];
}

/**
 * Every event that notifies someone, in one place: the processor reacts to exactly these types
 * (so far the users module's published UserPasswordChanged, UserLocked, UserUnlocked, GroupPermissionsAssigned).
 * Adding a source is an entry here and its message in contracts' NOTIFICATION_MESSAGES.
 */
export const NOTIFICATION_SOURCES: Record<string, NotificationSource> = {
  UserPasswordChanged: (e: StoredEvent<DataOf<'UserPasswordChanged'>>) => [
    { userId: e.data.userId, messageKey: 'PASSWORD_CHANGED', params: byActor(e) },
  ],
  UserLocked: (e: StoredEvent<DataOf<'UserLocked'>>) => [{ userId: e.data.userId, messageKey: 'ACCOUNT_LOCKED', params: byActor(e) }],
  UserUnlocked: (e: StoredEvent<DataOf<'UserUnlocked'>>) => [{ userId: e.data.userId, messageKey: 'ACCOUNT_UNLOCKED', params: byActor(e) }],
  // Every member of the group but whoever made the change. Members as they are when the processor
  // runs (a moment after the change, unless it catches up on old events).
  // Alerts reach exactly the users configured for their kind (alert configuration), in the app here and
  // by e-mail through the alert-mail processor.
  GateAlertRaised: (e: StoredEvent<AlertDataOf<'GateAlertRaised'>>, tx) => tellAlert(tx, e.data.alertId),
  ReaderDisconnectedAlertRaised: (e: StoredEvent<AlertDataOf<'ReaderDisconnectedAlertRaised'>>, tx) => tellAlert(tx, e.data.alertId),
  StocktakeAbnormalAlertRaised: (e: StoredEvent<AlertDataOf<'StocktakeAbnormalAlertRaised'>>, tx) => tellAlert(tx, e.data.alertId),
  // a reminder is one summary per configuration and interval (alert-reminders.ts)
  ActiveAlertsReminded: (e: StoredEvent<AlertReminderEvent['data']>, tx) => tellReminder(tx, e.data),
  GroupPermissionsAssigned: async (e: StoredEvent<DataOf<'GroupPermissionsAssigned'>>, tx) => {
    const group = await groupMembers(tx, e.data.groupId, e.metadata.actor?.id);
    return (group?.memberIds ?? []).map((userId) => ({
      userId,
      messageKey: 'GROUP_PERMISSIONS_CHANGED',
      params: { ...byActor(e), group: group!.groupName },
    }));
  },
};
