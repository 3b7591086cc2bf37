import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideMasterDataItem, masterDataItemModel, sameTextKey } from './master-data-item.js';
import type { MasterDataItemEvent } from '../master-data.events.js';

const { fold, refusal } = deciderSpec(masterDataItemModel, decideMasterDataItem);
const created: MasterDataItemEvent = {
  type: 'MasterDataItemCreated',
  data: { itemId: 'i1', catalogue: 'zones', code: 'Z1', name: 'Kho A', description: null, status: 'ACTIVE' },
};

describe('master-data item decisions', () => {
  it('create once, with the catalogue and status given; a second create of the same id is refused', () => {
    const events = decideMasterDataItem(masterDataItemModel.initial, {
      kind: 'create',
      itemId: 'i1',
      catalogue: 'zones',
      code: 'Z1',
      name: 'Kho A',
      description: null,
      status: 'ACTIVE',
    });
    assert.deepEqual(events, [created]);
    assert.deepEqual(fold(events), { exists: true, catalogue: 'zones', code: 'Z1', name: 'Kho A', description: null, status: 'ACTIVE' });
    assert.equal(
      refusal(fold(events), { kind: 'create', itemId: 'i1', catalogue: 'zones', code: 'Z2', name: 'x', description: null, status: 'ACTIVE' }),
      'ID_EXISTS',
    );
  });

  it('an unknown item, or one of another catalogue, is NOT_FOUND', () => {
    assert.equal(refusal(masterDataItemModel.initial, { kind: 'deactivate', itemId: 'i1', catalogue: 'zones' }), 'NOT_FOUND');
    assert.equal(refusal(fold([created]), { kind: 'activate', itemId: 'i1', catalogue: 'seasons' }), 'NOT_FOUND');
    assert.equal(
      refusal(fold([created]), { kind: 'update', itemId: 'i1', catalogue: 'sizes', code: 'Z1', name: 'Kho A', description: null }),
      'NOT_FOUND',
    );
  });

  it('deactivate and activate change the status; repeating them emits nothing', () => {
    const s = fold([created]);
    assert.deepEqual(decideMasterDataItem(s, { kind: 'activate', itemId: 'i1', catalogue: 'zones' }), []);
    const off = decideMasterDataItem(s, { kind: 'deactivate', itemId: 'i1', catalogue: 'zones' });
    assert.deepEqual(off, [{ type: 'MasterDataItemDeactivated', data: { itemId: 'i1', catalogue: 'zones' } }]);
    const inactive = fold([created, ...off]);
    assert.equal(inactive.status, 'INACTIVE');
    assert.deepEqual(decideMasterDataItem(inactive, { kind: 'deactivate', itemId: 'i1', catalogue: 'zones' }), []);
    const on = decideMasterDataItem(inactive, { kind: 'activate', itemId: 'i1', catalogue: 'zones' });
    assert.equal(on[0]!.type, 'MasterDataItemActivated');
    assert.equal(fold([created, ...off, ...on]).status, 'ACTIVE');
  });

  it('an update emits what changed: the fields, the status, both, or nothing', () => {
    const s = fold([created]);
    const same = { kind: 'update' as const, itemId: 'i1', catalogue: 'zones' as const, code: 'Z1', name: 'Kho A', description: null };
    assert.deepEqual(decideMasterDataItem(s, same), []);
    assert.deepEqual(decideMasterDataItem(s, { ...same, status: 'ACTIVE' }), []);
    assert.deepEqual(decideMasterDataItem(s, { ...same, status: 'INACTIVE' }), [{ type: 'MasterDataItemDeactivated', data: { itemId: 'i1', catalogue: 'zones' } }]);
    const renamed = decideMasterDataItem(s, { ...same, name: 'Kho B', description: 'tầng 2' });
    assert.deepEqual(renamed, [{ type: 'MasterDataItemUpdated', data: { itemId: 'i1', catalogue: 'zones', code: 'Z1', name: 'Kho B', description: 'tầng 2' } }]);
    const both = decideMasterDataItem(s, { ...same, code: 'Z9', status: 'INACTIVE' });
    assert.deepEqual(both.map((e) => e.type), ['MasterDataItemUpdated', 'MasterDataItemDeactivated']);
    assert.deepEqual(fold([created, ...both]), { exists: true, catalogue: 'zones', code: 'Z9', name: 'Kho A', description: null, status: 'INACTIVE' });
  });
});

describe('what counts as the same code or name', () => {
  it('case is ignored, Vietnamese capitals included, and precomposed letters equal their decomposed spelling', () => {
    assert.equal(sameTextKey('CỠ NHỎ'), sameTextKey('cỡ nhỏ'));
    assert.equal(sameTextKey('Đông'.normalize('NFD')), sameTextKey('đông'));
    assert.notEqual(sameTextKey('Cỡ nhỏ'), sameTextKey('Co nho'), 'diacritics are part of the name');
  });
});
