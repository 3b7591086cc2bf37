import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import type { AlertEvent, AlertRaisedEvent } from '../alerts.events.js';
import { alertModel, decideAlert } from './alert.js';

const ALERT = '00000000-0000-4000-8000-0000000000a1';
const guard = { id: '00000000-0000-4000-8000-0000000000b1', username: 'guard' };
const gateRaised: AlertRaisedEvent = {
  type: 'GateAlertRaised',
  data: {
    alertId: ALERT,
    passId: '00000000-0000-4000-8000-0000000000c1',
    gateId: '00000000-0000-4000-8000-0000000000d1',
    gateCode: 'GATE-01',
    gateName: 'Gate',
    readerHostName: null,
    antenna: 1,
    epc: 'E2801160600002090000000A',
    item: { kind: 'UNKNOWN', id: null, code: '', name: null },
  },
};
const readerRaised: AlertRaisedEvent = { type: 'ReaderDisconnectedAlertRaised', data: { alertId: ALERT, readerId: gateRaised.data.gateId, readerCode: 'HH-01', readerName: 'Handheld', readerHostName: null } };
const alarmOff: AlertEvent = { type: 'AlarmSwitchedOff', data: { alertId: ALERT, by: 'guard', byId: guard.id } };
const disabled: AlertEvent = { type: 'AlertDisabled', data: { alertLogId: ALERT, notificationId: null, disabledBy: 'guard', disabledById: guard.id, reason: 'checked' } };

const { given } = deciderSpec(alertModel, decideAlert);

describe('alert decisions', () => {
  it('raise: once; raising it again changes nothing', () => {
    given().when({ kind: 'raise', event: gateRaised }).then([gateRaised]);
    given([gateRaised]).when({ kind: 'raise', event: gateRaised }).then([]);
  });

  it('the disable ping: the alarm of a sounding alert goes off; pressed again, or on an alert that sounds none, nothing changes', () => {
    given([gateRaised]).when({ kind: 'switch-alarm-off', alertId: ALERT, by: guard }).then([alarmOff]);
    given([gateRaised, alarmOff]).when({ kind: 'switch-alarm-off', alertId: ALERT, by: guard }).then([]);
    given([readerRaised]).when({ kind: 'switch-alarm-off', alertId: ALERT, by: guard }).then([]);
  });

  it('disable: with its reason, once; a second disable or a ping after it is ALERT_ALREADY_DISABLED', () => {
    given([gateRaised]).when({ kind: 'disable', alertId: ALERT, notificationId: null, by: guard, reason: 'checked' }).then([disabled]);
    given([gateRaised, disabled]).when({ kind: 'disable', alertId: ALERT, notificationId: null, by: guard, reason: 'again' }).thenRefused('ALERT_ALREADY_DISABLED');
    given([gateRaised, disabled]).when({ kind: 'switch-alarm-off', alertId: ALERT, by: guard }).thenRefused('ALERT_ALREADY_DISABLED');
  });

  it('an alert never raised is ALERT_NOT_FOUND for the ping and the disable', () => {
    given().when({ kind: 'switch-alarm-off', alertId: ALERT, by: guard }).thenRefused('ALERT_NOT_FOUND');
    given().when({ kind: 'disable', alertId: ALERT, notificationId: null, by: guard, reason: 'x' }).thenRefused('ALERT_NOT_FOUND');
  });
});
