import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideTag, tagModel, type TagCommand } from './rfid-tag.js';
import type { TagEvent } from '../rfid.events.js';

const CODE = 'E2000000000000000000B001';
const { fold, given } = deciderSpec(tagModel, decideTag);
const registered: TagEvent = { type: 'TagRegistered', data: { tagCode: CODE, container: null } };
const linkProduct: TagCommand = { kind: 'linkProduct', tagCode: CODE, productId: 'p1', productCode: 'PR000001', box: true };
const linkedToProduct: TagEvent = { type: 'TagLinkedToProduct', data: { tagCode: CODE, productId: 'p1', productCode: 'PR000001', box: true } };
const linkedToSample: TagEvent = { type: 'TagLinked', data: { tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001' } };

describe('tag decisions: links to products', () => {
  it('a free tag is linked to a product (a BOX tag here); a tag linked to a product or a sample is TAG_LINKED, a locked one TAG_LOCKED, a cancelled one TAG_CANCELLED', () => {
    given([registered]).when(linkProduct).then([linkedToProduct]);
    given([registered, linkedToProduct]).when(linkProduct).thenRefused('TAG_LINKED');
    given([registered, linkedToSample]).when(linkProduct).thenRefused('TAG_LINKED');
    given([registered, { type: 'TagLocked', data: { tagCode: CODE } }]).when(linkProduct).thenRefused('TAG_LOCKED');
    given([registered, { type: 'TagCancelled', data: { tagCode: CODE } }]).when(linkProduct).thenRefused('TAG_CANCELLED');
  });

  it('a tag linked to a product takes no sample (TAG_LINKED) and is not cancelled (TAG_LINKED)', () => {
    given([registered, linkedToProduct]).when({ kind: 'link', tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001', sampleTagCode: null }).thenRefused('TAG_LINKED');
    given([registered, linkedToProduct]).when({ kind: 'cancel', tagCode: CODE }).thenRefused('TAG_LINKED');
  });

  it('unlink frees a product tag with TagUnlinkedFromProduct, and the tag is as it was before the link', () => {
    const unlinked: TagEvent = { type: 'TagUnlinkedFromProduct', data: { tagCode: CODE, productId: 'p1', productCode: 'PR000001', reason: 'hỏng' } };
    given([registered, linkedToProduct]).when({ kind: 'unlink', tagCode: CODE, reason: 'hỏng' }).then([unlinked]);
    assert.deepEqual(fold([registered, linkedToProduct, unlinked]), fold([registered]));
    given([registered, linkedToProduct, unlinked]).when({ kind: 'link', tagCode: CODE, sampleId: 's1', sampleCode: 'SP000001', sampleTagCode: null }).then([linkedToSample]);
  });
});
