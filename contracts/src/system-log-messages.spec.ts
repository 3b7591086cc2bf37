import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordKind, renderSystemLogSummary, SYSTEM_LOG_ACTIONS, systemLogActionLabel } from './system-log-messages.js';

describe('system log texts', () => {
  it('a summary leaves out the parts without a value and starts with a capital', () => {
    assert.equal(renderSystemLogSummary('UserUpdated', { fullName: 'Lê An', position: null, group: 'Kho' }, 'vi'), 'Lê An, nhóm Kho');
    assert.equal(renderSystemLogSummary('UserUpdated', { fullName: 'Lê An', position: 'Thủ kho', group: 'Kho' }, 'en'), 'Lê An, position Thủ kho, group Kho');
    assert.equal(renderSystemLogSummary('TagLinked', { sample: 'SP000001' }, 'vi'), 'Với mẫu SP000001');
    assert.equal(renderSystemLogSummary('UserLocked', {}, 'en'), '');
  });

  it('an action or a record kind this version does not know keeps its name and has no summary', () => {
    assert.equal(systemLogActionLabel('ActionOfANewerServer', 'vi'), 'ActionOfANewerServer');
    assert.equal(renderSystemLogSummary('ActionOfANewerServer', { x: 1 }, 'vi'), '');
    assert.equal(recordKind('kind-of-a-newer-server', 'en'), 'kind-of-a-newer-server');
  });

  it('every action has a label and the same placeholders in both languages', () => {
    for (const [action, texts] of Object.entries(SYSTEM_LOG_ACTIONS)) {
      assert.ok(texts.vi.label && texts.en.label, action);
      const names = (parts: readonly string[]) => parts.flatMap((p) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1])).sort();
      assert.deepEqual(names(texts.vi.summary), names(texts.en.summary), action);
    }
  });
});
