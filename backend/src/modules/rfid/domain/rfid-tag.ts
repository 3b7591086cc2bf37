import type { TagState } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { Container, TagEvent } from '../rfid.events.js';

export interface TagStateModel {
  exists: boolean;
  state: TagState;
  locked: boolean;
  sampleId: string | null;
  sampleCode: string | null;
  /** The product a LINKED tag is linked to (then `sampleId` is null); absent otherwise. */
  productId?: string;
  productCode?: string;
}

/** One stream per tag code: the code is the tag's identity. */
export const tagModel: StreamModel<TagStateModel, TagEvent> = {
  streamType: 'rfid-tag',
  streamId: (code) => `rfid-tag-${code}`,
  initial: { exists: false, state: 'UNLINK', locked: false, sampleId: null, sampleCode: null },
  evolve(state, event) {
    switch (event.type) {
      case 'TagRegistered':
        return { ...state, exists: true, state: 'UNLINK' };
      case 'TagLocked':
        return { ...state, locked: true };
      case 'TagUnlocked':
        return { ...state, locked: false };
      case 'TagCancelled':
        return { ...state, state: 'CANCELLED' };
      case 'TagLinked':
        return { ...state, state: 'LINKED', sampleId: event.data.sampleId, sampleCode: event.data.sampleCode };
      case 'TagUnlinked':
        return { ...state, state: 'UNLINK', sampleId: null, sampleCode: null };
      case 'TagLinkedToProduct':
        return { ...state, state: 'LINKED', productId: event.data.productId, productCode: event.data.productCode };
      case 'TagUnlinkedFromProduct': {
        const { productId: _id, productCode: _code, ...rest } = state;
        return { ...rest, state: 'UNLINK' };
      }
    }
  },
};

export type TagCommand =
  | { kind: 'register'; tagCode: string; container: Container | null }
  | { kind: 'lock'; tagCode: string }
  | { kind: 'unlock'; tagCode: string }
  | { kind: 'cancel'; tagCode: string }
  /** The sample as the samples read model says under its row lock: its code, and the tag it has already if any. */
  | { kind: 'link'; tagCode: string; sampleId: string; sampleCode: string; sampleTagCode: string | null }
  /** The product as the products read model says: an ACTIVE one (any number of tags may name it). */
  | { kind: 'linkProduct'; tagCode: string; productId: string; productCode: string; box: boolean }
  | { kind: 'unlink'; tagCode: string; reason: string | null };

/**
 * The rules of a tag. A new tag is available (UNLINK); a code registered already is RFID_EXISTS.
 * Lock and unlock are flags, repeating them changes nothing; so does cancelling a cancelled tag. A
 * linked tag is unlinked before it is cancelled (TAG_LINKED). A link needs a tag that is not cancelled (TAG_CANCELLED), not linked
 * (TAG_LINKED) and not locked (TAG_LOCKED), and a sample without a tag (SAMPLE_LINKED); a link to a
 * product the same of the tag (a tag is linked to one sample or one product at a time); an unlink a
 * linked tag (TAG_NOT_LINKED), from whatever it is linked to.
 */
export function decideTag(state: TagStateModel, cmd: TagCommand): TagEvent[] {
  if (cmd.kind === 'register') {
    if (state.exists) throw new AppError('RFID_EXISTS', [{ code: cmd.tagCode }]);
    return [{ type: 'TagRegistered', data: { tagCode: cmd.tagCode, container: cmd.container } }];
  }
  if (!state.exists) throw new AppError('NOT_FOUND', { tagCode: cmd.tagCode });
  const { tagCode } = cmd;
  switch (cmd.kind) {
    case 'lock':
      return state.locked ? [] : [{ type: 'TagLocked', data: { tagCode } }];
    case 'unlock':
      return state.locked ? [{ type: 'TagUnlocked', data: { tagCode } }] : [];
    case 'cancel':
      if (state.state === 'CANCELLED') return [];
      if (state.state === 'LINKED') throw linkedAlready(state, tagCode);
      return [{ type: 'TagCancelled', data: { tagCode } }];
    case 'link':
      assertLinkable(state, tagCode);
      if (cmd.sampleTagCode !== null) throw new AppError('SAMPLE_LINKED', { sampleId: cmd.sampleId, tagCode: cmd.sampleTagCode });
      return [{ type: 'TagLinked', data: { tagCode, sampleId: cmd.sampleId, sampleCode: cmd.sampleCode } }];
    case 'linkProduct':
      assertLinkable(state, tagCode);
      return [{ type: 'TagLinkedToProduct', data: { tagCode, productId: cmd.productId, productCode: cmd.productCode, box: cmd.box } }];
    case 'unlink':
      if (state.state !== 'LINKED') throw new AppError('TAG_NOT_LINKED', [{ tagCode, state: state.state }]);
      if (state.productId !== undefined) {
        return [{ type: 'TagUnlinkedFromProduct', data: { tagCode, productId: state.productId, productCode: state.productCode!, reason: cmd.reason } }];
      }
      return [{ type: 'TagUnlinked', data: { tagCode, sampleId: state.sampleId!, sampleCode: state.sampleCode!, reason: cmd.reason } }];
  }
}

/** TAG_LINKED, naming what the tag is linked to: a sample or a product. */
function linkedAlready(state: TagStateModel, tagCode: string): AppError {
  return new AppError('TAG_LINKED', state.productId !== undefined ? { tagCode, productId: state.productId, productCode: state.productCode } : { tagCode, sampleId: state.sampleId, sampleCode: state.sampleCode });
}

/** A tag takes a link when it is not cancelled, not linked (to a sample or a product) and not locked. */
function assertLinkable(state: TagStateModel, tagCode: string): void {
  if (state.state === 'CANCELLED') throw new AppError('TAG_CANCELLED', { tagCode });
  if (state.state === 'LINKED') throw linkedAlready(state, tagCode);
  if (state.locked) throw new AppError('TAG_LOCKED', { tagCode });
}
