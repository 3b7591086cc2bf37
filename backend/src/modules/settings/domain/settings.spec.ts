import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SYSTEM_SETTING_DEFAULTS } from '@rfid/contracts';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideSettings, settingsModel } from './settings.js';

const { given, fold } = deciderSpec(settingsModel, decideSettings);

describe('system settings: decide', () => {
  it('records only the values that differ from the current ones, numbers and texts alike', () => {
    given([{ type: 'SystemSettingsChanged', data: { changes: { productName: 'ACME' } } }])
      .when({ productName: 'ACME', defaultPageSize: 20, readDedupeWindowMs: SYSTEM_SETTING_DEFAULTS.readDedupeWindowMs, gatePassGapSeconds: undefined })
      .then([{ type: 'SystemSettingsChanged', data: { changes: { defaultPageSize: 20 } } }]);
  });

  it('a change that changes nothing records nothing', () => {
    given().when({ productName: SYSTEM_SETTING_DEFAULTS.productName }).then([]);
    given().when({}).then([]);
  });

  it('the state is the defaults with every change folded in, the latest winning', () => {
    const state = fold([
      { type: 'SystemSettingsChanged', data: { changes: { productName: 'A', gateUnknownTagAlert: 0 } } },
      { type: 'SystemSettingsChanged', data: { changes: { productName: 'B' } } },
    ]);
    assert.deepEqual(state, { ...SYSTEM_SETTING_DEFAULTS, productName: 'B', gateUnknownTagAlert: 0 });
  });
});
