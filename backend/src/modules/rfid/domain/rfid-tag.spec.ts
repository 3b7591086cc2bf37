import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideTag, tagModel, type TagCommand } from './rfid-tag.js';
import type { TagEvent } from '../rfid.events.js';

const CODE = '300833B2DDD9014000000001';
const { fold, given } = deciderSpec(tagModel, decideTag);
const registered: TagEvent = { type: 'TagRegistered', data: { tagCode: CODE, container: { name: 'C1', box: null, cart: 'X' } } };
const linked: TagEvent = { type: 'TagLinked', data: { tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001' } };
const locked: TagEvent = { type: 'TagLocked', data: { tagCode: CODE } };
const unlocked: TagEvent = { type: 'TagUnlocked', data: { tagCode: CODE } };
const cancelled: TagEvent = { type: 'TagCancelled', data: { tagCode: CODE } };
const unlinked: TagEvent = { type: 'TagUnlinked', data: { tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001', reason: 'Hỏng thẻ' } };
const link: TagCommand = { kind: 'link', tagCode: CODE, sampleId: 's2', sampleCode: 'SP000002', sampleTagCode: null };
const linkedToS2: TagEvent = { type: 'TagLinked', data: { tagCode: CODE, sampleId: 's2', sampleCode: 'SP000002' } };

describe('tag decisions', () => {
  it('register once: a new tag is available (UNLINK), not locked; a second registration is RFID_EXISTS', () => {
    given().when({ kind: 'register', tagCode: CODE, container: { name: 'C1', box: null, cart: 'X' } }).then([registered]);
    assert.deepEqual(fold([registered]), { exists: true, state: 'UNLINK', locked: false, sampleId: null, sampleCode: null });
    given([registered]).when({ kind: 'register', tagCode: CODE, container: null }).thenRefused('RFID_EXISTS');
  });

  it('an unknown tag is NOT_FOUND for every other command', () => {
    for (const kind of ['lock', 'unlock', 'cancel'] as const) given().when({ kind, tagCode: CODE }).thenRefused('NOT_FOUND');
    given().when(link).thenRefused('NOT_FOUND');
    given().when({ kind: 'unlink', tagCode: CODE, reason: null }).thenRefused('NOT_FOUND');
  });

  it('lock and unlock set a flag; repeating them emits nothing', () => {
    given([registered]).when({ kind: 'unlock', tagCode: CODE }).then([]);
    given([registered]).when({ kind: 'lock', tagCode: CODE }).then([locked]);
    assert.equal(fold([registered, locked]).locked, true);
    given([registered, locked]).when({ kind: 'lock', tagCode: CODE }).then([]);
    given([registered, locked]).when({ kind: 'unlock', tagCode: CODE }).then([unlocked]);
    assert.equal(fold([registered, locked, unlocked]).locked, false);
  });

  it('link: refused for a cancelled tag (TAG_CANCELLED), a linked one (TAG_LINKED), a locked one (TAG_LOCKED), and a sample with a tag (SAMPLE_LINKED)', () => {
    given([registered]).when(link).then([linkedToS2]);
    assert.deepEqual(fold([registered, linkedToS2]), { exists: true, state: 'LINKED', locked: false, sampleId: 's2', sampleCode: 'SP000002' });
    given([registered, linked]).when(link).thenRefused('TAG_LINKED');
    given([registered, locked]).when(link).thenRefused('TAG_LOCKED');
    given([registered, cancelled]).when(link).thenRefused('TAG_CANCELLED');
    given([registered]).when({ ...link, sampleTagCode: 'E2000001' }).thenRefused('SAMPLE_LINKED');
    // the tag is named first
    given([registered, linked]).when({ ...link, sampleTagCode: 'E2000001' }).thenRefused('TAG_LINKED');
  });

  it('unlink: a linked tag becomes available again, naming the sample and the reason; a tag not linked is TAG_NOT_LINKED', () => {
    given([registered, linked]).when({ kind: 'unlink', tagCode: CODE, reason: 'Hỏng thẻ' }).then([unlinked]);
    assert.deepEqual(fold([registered, linked, unlinked]), { exists: true, state: 'UNLINK', locked: false, sampleId: null, sampleCode: null });
    given([registered, linked, unlinked]).when({ kind: 'unlink', tagCode: CODE, reason: null }).thenRefused('TAG_NOT_LINKED');
    // and may be linked again
    given([registered, linked, unlinked]).when(link).then([linkedToS2]);
    // a lock does not keep a tag linked
    given([registered, linked, locked]).when({ kind: 'unlink', tagCode: CODE, reason: null }).then([{ ...unlinked, data: { ...unlinked.data, reason: null } } as TagEvent]);
  });

  it('cancel: a linked tag is unlinked first (TAG_LINKED); cancelling twice emits nothing', () => {
    given([registered, linked]).when({ kind: 'cancel', tagCode: CODE }).thenRefused('TAG_LINKED');
    given([registered]).when({ kind: 'cancel', tagCode: CODE }).then([cancelled]);
    assert.equal(fold([registered, cancelled]).state, 'CANCELLED');
    given([registered, cancelled]).when({ kind: 'cancel', tagCode: CODE }).then([]);
  });
});
