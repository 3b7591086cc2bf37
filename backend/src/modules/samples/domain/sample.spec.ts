import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { referenceProblems, type ReferencedItem } from './sample-references.js';
import { decideSample, sampleModel } from './sample.js';
import type { SampleEvent, SampleFields } from '../samples.events.js';

const fields: SampleFields = {
  sampleCode: 'SP000001',
  name: 'Giày chạy',
  modelName: 'Runner',
  artNumber: 'A-1',
  seasonId: 'season',
  stageId: null,
  typeId: 'type',
  sizeId: 'size',
  genderId: null,
  side: 'LEFT',
  color: 'Đỏ',
  categoryId: 'category',
  customerId: 'customer',
  currentZoneId: null,
};
const registered: SampleEvent = { type: 'SampleRegistered', data: { sampleId: 's1', ...fields } };
const { fold, refusal } = deciderSpec(sampleModel, decideSample);

describe('sample decisions', () => {
  it('register once; the state holds the fields', () => {
    const events = decideSample(sampleModel.initial, { kind: 'register', sampleId: 's1', fields });
    assert.deepEqual(events, [registered]);
    assert.deepEqual(fold(events), { exists: true, deleted: false, fields });
    assert.equal(refusal(fold(events), { kind: 'register', sampleId: 's1', fields }), 'ID_EXISTS');
  });

  it('update replaces the fields; an update that changes nothing emits nothing', () => {
    const s = fold([registered]);
    assert.deepEqual(decideSample(s, { kind: 'update', sampleId: 's1', fields }), []);
    const changed = { ...fields, color: null, side: null };
    const events = decideSample(s, { kind: 'update', sampleId: 's1', fields: changed });
    assert.deepEqual(events, [{ type: 'SampleUpdated', data: { sampleId: 's1', ...changed } }]);
    assert.deepEqual(fold([registered, ...events]).fields, changed);
  });

  it('delete: refused while a tag is linked (SAMPLE_LINKED), else the sample is gone: NOT_FOUND for everything after', () => {
    const s = fold([registered]);
    assert.equal(refusal(s, { kind: 'delete', sampleId: 's1', linkedTagCode: 'E200' }), 'SAMPLE_LINKED');
    const events = decideSample(s, { kind: 'delete', sampleId: 's1', linkedTagCode: null });
    assert.deepEqual(events, [{ type: 'SampleDeleted', data: { sampleId: 's1', sampleCode: 'SP000001' } }]);
    const gone = fold([registered, ...events]);
    assert.equal(gone.deleted, true);
    assert.equal(refusal(gone, { kind: 'update', sampleId: 's1', fields }), 'NOT_FOUND');
    assert.equal(refusal(gone, { kind: 'delete', sampleId: 's1', linkedTagCode: null }), 'NOT_FOUND');
  });

  it('an unknown sample is NOT_FOUND', () => {
    assert.equal(refusal(sampleModel.initial, { kind: 'update', sampleId: 's1', fields }), 'NOT_FOUND');
    assert.equal(refusal(sampleModel.initial, { kind: 'delete', sampleId: 's1', linkedTagCode: null }), 'NOT_FOUND');
  });
});

describe('sample references', () => {
  const item = (id: string, catalogue: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE'): [string, ReferencedItem] => [id, { id, catalogue, status }];
  const items = new Map([
    item('season', 'seasons'),
    item('type', 'types', 'INACTIVE'),
    item('size', 'sizes'),
    item('category', 'categories'),
    item('customer', 'stages'),
  ]);

  it('an id of no item, or of another catalogue, is *_NOT_FOUND; an inactive item *_NOT_FOUND_OR_INACTIVE; null references are fine', () => {
    assert.deepEqual(referenceProblems(fields, items), [
      { field: 'typeId', code: 'TYPE_NOT_FOUND_OR_INACTIVE' },
      { field: 'customerId', code: 'CUSTOMER_NOT_FOUND' },
    ]);
    assert.deepEqual(referenceProblems({ ...fields, typeId: null, customerId: 'category', currentZoneId: 'nowhere' }, items), [
      { field: 'customerId', code: 'CUSTOMER_NOT_FOUND' },
      { field: 'currentZoneId', code: 'ZONE_NOT_FOUND' },
    ]);
  });

  it('an update may keep a reference to an item deactivated since, but not choose one', () => {
    const fine = new Map([...items, item('customer', 'customers')]);
    assert.deepEqual(referenceProblems(fields, fine, fields), []);
    assert.deepEqual(referenceProblems(fields, fine, { ...fields, typeId: null }), [{ field: 'typeId', code: 'TYPE_NOT_FOUND_OR_INACTIVE' }]);
  });
});
