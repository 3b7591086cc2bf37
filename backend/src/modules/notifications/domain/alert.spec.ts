import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../platform/errors/app-error.js';
import { alertModel, decideDisableAlert, type AlertEvent } from './alert.js';

const disable = { alertLogId: 'A-1', notificationId: 'n1', by: { id: 'u1', username: 'alice' }, reason: 'false alarm' };

describe('alert decisions', () => {
  it('an active alert is disabled with who and why', () => {
    assert.deepEqual(decideDisableAlert(alertModel.initial, disable), [
      { type: 'AlertDisabled', data: { alertLogId: 'A-1', notificationId: 'n1', disabledBy: 'alice', disabledById: 'u1', reason: 'false alarm' } },
    ]);
    assert.equal(decideDisableAlert(alertModel.initial, { ...disable, reason: null })[0]!.data.reason, null, 'the "disable ping" has no reason');
  });

  it('a disabled alert refuses a second disable: ALERT_ALREADY_DISABLED naming who was first', () => {
    const state = decideDisableAlert(alertModel.initial, disable).reduce(alertModel.evolve, alertModel.initial);
    assert.deepEqual(state, { disabled: true, disabledBy: 'alice' });
    assert.throws(
      () => decideDisableAlert(state, { ...disable, by: { id: 'u2', username: 'bob' } }),
      (e: unknown) => e instanceof AppError && e.code === 'ALERT_ALREADY_DISABLED' && (e.details as { disableBy: string }).disableBy === 'alice',
    );
  });

  it('events of other modules on the alert stream leave the state as it is', () => {
    const raised = { type: 'GateAlertRaised', data: {} } as unknown as AlertEvent;
    assert.deepEqual(alertModel.evolve(alertModel.initial, raised), alertModel.initial);
  });
});
