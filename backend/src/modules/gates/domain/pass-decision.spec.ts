import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decidePass, type PassFacts, type Permit } from './pass-decision.js';

const facts = (f: Partial<PassFacts> = {}): PassFacts => ({
  operatingMode: 'AUTOMATIC',
  direction: 'OUT',
  itemKind: 'SAMPLE',
  permits: [],
  unknownTagAlert: true,
  recentAlertId: null,
  ...f,
});
const exportTicket: Permit = { kind: 'EXPORT_TICKET', id: 'e', code: 'ET000001', unitsLeft: null };
const gateTicket: Permit = { kind: 'GATE_TICKET', id: 'g', code: 'GT000001', unitsLeft: null };

describe('pass decision', () => {
  it('an item without a permit raises an alert; a second pass in the window names the alert raised', () => {
    assert.deepEqual(decidePass(facts()), { decision: 'ALERT', raise: true, alertId: null });
    assert.deepEqual(decidePass(facts({ recentAlertId: 'a1' })), { decision: 'ALERT', raise: false, alertId: 'a1' });
  });

  it('a permit allows, an export before a gate ticket', () => {
    assert.deepEqual(decidePass(facts({ permits: [gateTicket, exportTicket] })), { decision: 'ALLOWED', permit: exportTicket });
    assert.deepEqual(decidePass(facts({ permits: [gateTicket] })), { decision: 'ALLOWED', permit: gateTicket });
  });

  it('a product permit with no units left does not allow', () => {
    const usedUp = { ...exportTicket, unitsLeft: 0 };
    assert.equal(decidePass(facts({ itemKind: 'PRODUCT', permits: [usedUp] })).decision, 'ALERT');
    assert.deepEqual(decidePass(facts({ itemKind: 'PRODUCT', permits: [usedUp, { ...gateTicket, unitsLeft: 2 }] })), {
      decision: 'ALLOWED',
      permit: { ...gateTicket, unitsLeft: 2 },
    });
  });

  it('Manual mode only records, inbound and unknown directions are not checked', () => {
    assert.deepEqual(decidePass(facts({ operatingMode: 'MANUAL' })), { decision: 'RECORDED' });
    assert.deepEqual(decidePass(facts({ direction: 'IN' })), { decision: 'NOT_CHECKED' });
    assert.deepEqual(decidePass(facts({ direction: 'UNKNOWN' })), { decision: 'NOT_CHECKED' });
  });

  it('an unknown tag alerts or is ignored, as the system setting says', () => {
    assert.equal(decidePass(facts({ itemKind: 'UNKNOWN' })).decision, 'ALERT');
    assert.deepEqual(decidePass(facts({ itemKind: 'UNKNOWN', unknownTagAlert: false })), { decision: 'IGNORED' });
    assert.equal(decidePass(facts({ itemKind: 'TAG', unknownTagAlert: false })).decision, 'ALERT', 'a registered tag on nothing is not unknown');
  });
});
