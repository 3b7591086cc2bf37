import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideStocktake, EVENT_CHUNK, expectedTaken, stocktakeModel, type CountedTag, type ExpectedLine, type StocktakeCommand, type StocktakeEvent } from './stocktake.js';

const lines = [{ key: 'sample:s1', kind: 'SAMPLE', itemId: 's1', zoneId: 'z1', expected: 1, code: 'S1', name: null } as ExpectedLine, { key: 'product:p1:z1', kind: 'PRODUCT', itemId: 'p1', zoneId: 'z1', expected: 12, code: 'P1', name: 'Giày' } as ExpectedLine];
const create: StocktakeCommand = { kind: 'create', stocktakeId: 'st', code: 'ST000001', name: 'Kho A', note: null, zoneIds: ['z1'], readerIds: ['r1'], userIds: [], anythingExpected: true };
const created: StocktakeEvent = { type: 'StocktakeCreated', data: { stocktakeId: 'st', code: 'ST000001', name: 'Kho A', note: null, zoneIds: ['z1'], readerIds: ['r1'], userIds: [] } };
const taken = expectedTaken('st', lines);
const started: StocktakeEvent = { type: 'StocktakeStarted', data: { stocktakeId: 'st' } };
const reset: StocktakeEvent = { type: 'StocktakeReset', data: { stocktakeId: 'st' } };
const corrections = { moved: [], missing: ['s1'], stock: [] };
const closed: StocktakeEvent = { type: 'StocktakeClosed', data: { stocktakeId: 'st', code: 'ST000001', corrections, abnormal: 2 } };
const tag = (epc: string): CountedTag => ({ epc, key: null, kind: 'TAG', itemId: null, units: 1, zoneId: 'z1', reason: 'UNKNOWN', otherZoneId: null, code: epc, name: null });

const update: StocktakeCommand = { kind: 'update', stocktakeId: 'st', name: 'Kho A2', note: 'x', readerIds: ['r2'], userIds: ['u1'] };
const start: StocktakeCommand = { kind: 'start', stocktakeId: 'st' };
const resetCmd: StocktakeCommand = { kind: 'reset', stocktakeId: 'st' };
const close: StocktakeCommand = { kind: 'close', stocktakeId: 'st', corrections, abnormal: 2 };
const count = (tags: CountedTag[]): StocktakeCommand => ({ kind: 'count', stocktakeId: 'st', counted: [{ readerId: 'r1', tags }] });
const ignore = (result: 'FOUND' | 'MISSING' | 'ABNORMAL' | null, ignored = false): StocktakeCommand => ({
  kind: 'ignore',
  stocktakeId: 'st',
  lineKey: 'sample:s1',
  note: 'để ở kho khác',
  line: result ? { result, ignored } : null,
});
const spec = deciderSpec(stocktakeModel, decideStocktake);
const counting = [created, taken, started];

describe('stocktakes', () => {
  it('is created CREATE when its zones hold anything (its expected list follows); nothing expected is NO_DATA', () => {
    spec.given([]).when(create).then([created]);
    spec.given([]).when({ ...create, anythingExpected: false }).thenRefused('NO_DATA');
    spec.given([created]).when(create).thenRefused('CONCURRENCY_CONFLICT');
    assert.deepEqual(taken, { type: 'StocktakeExpectedTaken', data: { stocktakeId: 'st', lines } });
    const s = spec.fold([created, taken]);
    assert.deepEqual([s.exists, s.status, s.code, s.zoneIds, s.readerIds], [true, 'CREATE', 'ST000001', ['z1'], ['r1']]);
  });

  it('is changed only while CREATE: in progress STOCKTAKE_IN_PROGRESS, closed CANNOT_UPDATE_COMPLETED_INVENTORY', () => {
    spec.given([created, taken]).when(update).then([{ type: 'StocktakeUpdated', data: { stocktakeId: 'st', name: 'Kho A2', note: 'x', readerIds: ['r2'], userIds: ['u1'] } }]);
    assert.deepEqual(spec.fold([created, ...decideStocktake(spec.fold([created]), update)]).readerIds, ['r2']);
    spec.given(counting).when(update).thenRefused('STOCKTAKE_IN_PROGRESS');
    spec.given([...counting, closed]).when(update).thenRefused('CANNOT_UPDATE_COMPLETED_INVENTORY');
  });

  it('CREATE → INVENTORIZING → CLOSED, or back to CREATE on reset; any other step is STOCKTAKE_ACTION_NOT_ALLOWED', () => {
    spec.given([created, taken]).when(start).then([started]);
    assert.equal(spec.fold(counting).status, 'INVENTORIZING');
    spec.given(counting).when(resetCmd).then([reset]);
    assert.equal(spec.fold([...counting, reset]).status, 'CREATE');
    spec.given(counting).when(close).then([closed]);
    assert.equal(spec.fold([...counting, closed]).status, 'CLOSED');
    spec.given(counting).when(start).thenRefused('STOCKTAKE_ACTION_NOT_ALLOWED');
    for (const cmd of [resetCmd, close]) spec.given([created, taken]).when(cmd).thenRefused('STOCKTAKE_ACTION_NOT_ALLOWED');
    for (const cmd of [start, resetCmd, close]) spec.given([...counting, closed]).when(cmd).thenRefused('STOCKTAKE_ACTION_NOT_ALLOWED');
  });

  it('counts tags only while INVENTORIZING, one event per reader and 5,000 tags', () => {
    spec.given(counting).when(count([tag('A1')])).then([{ type: 'StocktakeTagsCounted', data: { stocktakeId: 'st', readerId: 'r1', tags: [tag('A1')] } }]);
    spec.given(counting).when(count([])).then([]);
    const events = decideStocktake(spec.fold(counting), count(Array.from({ length: EVENT_CHUNK + 3 }, (_, i) => tag(`A${i}`))));
    assert.deepEqual(events.map((e) => (e.type === 'StocktakeTagsCounted' ? e.data.tags.length : 0)), [EVENT_CHUNK, 3]);
    for (const history of [[created, taken], [...counting, reset], [...counting, closed]]) spec.given(history).when(count([tag('A1')])).thenRefused('STOCKTAKE_NOT_COUNTING');
  });

  it('an ABNORMAL or MISSING line is ignored with a note, once, until closed; a FOUND line never; an unknown line is NOT_FOUND', () => {
    const ignored: StocktakeEvent = { type: 'StocktakeLineIgnored', data: { stocktakeId: 'st', lineKey: 'sample:s1', note: 'để ở kho khác' } };
    spec.given(counting).when(ignore('MISSING')).then([ignored]);
    spec.given(counting).when(ignore('ABNORMAL')).then([ignored]);
    spec.given(counting).when(ignore('FOUND')).thenRefused('STOCKTAKE_ACTION_NOT_ALLOWED');
    spec.given(counting).when(ignore('MISSING', true)).thenRefused('STOCKTAKE_ACTION_NOT_ALLOWED');
    spec.given(counting).when(ignore(null)).thenRefused('NOT_FOUND');
    spec.given([...counting, closed]).when(ignore('MISSING')).thenRefused('STOCKTAKE_ACTION_NOT_ALLOWED');
  });

  it('a stocktake never created is INVENTORY_NOT_FOUND', () => {
    for (const cmd of [update, start, resetCmd, close, count([tag('A1')]), ignore('MISSING')]) spec.given([]).when(cmd).thenRefused('INVENTORY_NOT_FOUND');
  });
});
