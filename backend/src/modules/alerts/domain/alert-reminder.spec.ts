import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import type { AlertReminderEvent } from '../alerts.events.js';
import { alertReminderModel, decideReminder, type RemindCommand } from './alert-reminder.js';

const CONFIGURATION = '00000000-0000-4000-8000-0000000000e1';
const USER = '00000000-0000-4000-8000-0000000000b1';
const alerts = [
  { id: 'a1', place: 'GATE-02' },
  { id: 'a2', place: 'GATE-01' },
  { id: 'a3', place: 'GATE-02' },
];
const remind = (at: string, due = alerts): RemindCommand => ({ configurationId: CONFIGURATION, userId: USER, kind: 'GATE', timeMinutes: 5, at, alerts: due });
const reminded = (at: string): AlertReminderEvent => ({
  type: 'ActiveAlertsReminded',
  data: { configurationId: CONFIGURATION, userId: USER, kind: 'GATE', at, alertIds: ['a1', 'a2', 'a3'], places: ['GATE-01', 'GATE-02'] },
});

describe('alert reminders: one summary per configuration and interval', () => {
  const { given } = deciderSpec(alertReminderModel, decideReminder);

  it('the due alerts in one reminder, their places once each, in order', () => {
    given().when(remind('2026-11-29T08:00:00.000Z')).then([reminded('2026-11-29T08:00:00.000Z')]);
  });

  it('not again within the interval since the last; again once it has passed', () => {
    given([reminded('2026-11-29T08:00:00.000Z')]).when(remind('2026-11-29T08:04:59.999Z')).then([]);
    given([reminded('2026-11-29T08:00:00.000Z')]).when(remind('2026-11-29T08:05:00.000Z')).then([reminded('2026-11-29T08:05:00.000Z')]);
  });

  it('nothing when no alert is due', () => {
    given().when(remind('2026-11-29T08:00:00.000Z', [])).then([]);
  });
});
