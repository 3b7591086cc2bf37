import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideTag, tagModel, type TagCommand } from './rfid-tag.js';
import type { TagEvent } from '../rfid.events.js';

const CODE = '300833B2DDD9014000000001';
const { fold, refusal: code } = deciderSpec(tagModel, decideTag);
const registered: TagEvent = { type: 'TagRegistered', data: { tagCode: CODE, container: { name: 'C1', box: null, cart: 'X' } } };
const linked: TagEvent = { type: 'TagLinked', data: { tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001' } };
const link: TagCommand = { kind: 'link', tagCode: CODE, sampleId: 's2', sampleCode: 'SP000002', sampleTagCode: null };

describe('tag decisions', () => {
  it('register once: a new tag is available (UNLINK), not locked; a second registration is RFID_EXISTS', () => {
    const events = decideTag(tagModel.initial, { kind: 'register', tagCode: CODE, container: { name: 'C1', box: null, cart: 'X' } });
    assert.deepEqual(events, [registered]);
    assert.deepEqual(fold(events), { exists: true, state: 'UNLINK', locked: false, sampleId: null, sampleCode: null });
    assert.equal(code(fold(events), { kind: 'register', tagCode: CODE, container: null }), 'RFID_EXISTS');
  });

  it('an unknown tag is NOT_FOUND for every other command', () => {
    for (const kind of ['lock', 'unlock', 'cancel'] as const) assert.equal(code(tagModel.initial, { kind, tagCode: CODE }), 'NOT_FOUND');
    assert.equal(code(tagModel.initial, link), 'NOT_FOUND');
    assert.equal(code(tagModel.initial, { kind: 'unlink', tagCode: CODE, reason: null }), 'NOT_FOUND');
  });

  it('lock and unlock set a flag; repeating them emits nothing', () => {
    const s = fold([registered]);
    assert.deepEqual(decideTag(s, { kind: 'unlock', tagCode: CODE }), []);
    const locked = decideTag(s, { kind: 'lock', tagCode: CODE });
    assert.deepEqual(locked, [{ type: 'TagLocked', data: { tagCode: CODE } }]);
    const l = fold([registered, ...locked]);
    assert.equal(l.locked, true);
    assert.deepEqual(decideTag(l, { kind: 'lock', tagCode: CODE }), []);
    const unlocked = decideTag(l, { kind: 'unlock', tagCode: CODE });
    assert.equal(fold([registered, ...locked, ...unlocked]).locked, false);
  });

  it('link: refused for a cancelled tag (TAG_CANCELLED), a linked one (TAG_LINKED), a locked one (TAG_LOCKED), and a sample with a tag (SAMPLE_LINKED)', () => {
    const s = fold([registered]);
    const events = decideTag(s, link);
    assert.deepEqual(events, [{ type: 'TagLinked', data: { tagCode: CODE, sampleId: 's2', sampleCode: 'SP000002' } }]);
    assert.deepEqual(fold([registered, ...events]), { exists: true, state: 'LINKED', locked: false, sampleId: 's2', sampleCode: 'SP000002' });
    assert.equal(code(fold([registered, linked]), link), 'TAG_LINKED');
    assert.equal(code(fold([registered, { type: 'TagLocked', data: { tagCode: CODE } }]), link), 'TAG_LOCKED');
    assert.equal(code(fold([registered, { type: 'TagCancelled', data: { tagCode: CODE } }]), link), 'TAG_CANCELLED');
    assert.equal(code(s, { ...link, sampleTagCode: 'E2000001' }), 'SAMPLE_LINKED');
    assert.equal(code(fold([registered, linked]), { ...link, sampleTagCode: 'E2000001' }), 'TAG_LINKED', 'the tag is named first');
  });

  it('unlink: a linked tag becomes available again, naming the sample and the reason; a tag not linked is TAG_NOT_LINKED', () => {
    const s = fold([registered, linked]);
    const events = decideTag(s, { kind: 'unlink', tagCode: CODE, reason: 'Hỏng thẻ' });
    assert.deepEqual(events, [{ type: 'TagUnlinked', data: { tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001', reason: 'Hỏng thẻ' } }]);
    const after = fold([registered, linked, ...events]);
    assert.deepEqual(after, { exists: true, state: 'UNLINK', locked: false, sampleId: null, sampleCode: null });
    assert.equal(code(after, { kind: 'unlink', tagCode: CODE, reason: null }), 'TAG_NOT_LINKED');
    assert.deepEqual(decideTag(after, link)[0]!.type, 'TagLinked', 'and may be linked again');
    const lockedLinked = fold([registered, linked, { type: 'TagLocked', data: { tagCode: CODE } }]);
    assert.equal(decideTag(lockedLinked, { kind: 'unlink', tagCode: CODE, reason: null }).length, 1, 'a lock does not keep a tag linked');
  });

  it('cancel: a linked tag is unlinked first (TAG_LINKED); cancelling twice emits nothing', () => {
    assert.equal(code(fold([registered, linked]), { kind: 'cancel', tagCode: CODE }), 'TAG_LINKED');
    const events = decideTag(fold([registered]), { kind: 'cancel', tagCode: CODE });
    assert.deepEqual(events, [{ type: 'TagCancelled', data: { tagCode: CODE } }]);
    const cancelled = fold([registered, ...events]);
    assert.equal(cancelled.state, 'CANCELLED');
    assert.deepEqual(decideTag(cancelled, { kind: 'cancel', tagCode: CODE }), []);
  });
});
