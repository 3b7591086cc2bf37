import { SAMPLE_FIELD_KEYS } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { SampleEvent, SampleFields } from '../samples.events.js';

export interface SampleState {
  exists: boolean;
  deleted: boolean;
  fields: SampleFields | null;
}

export const sampleModel: StreamModel<SampleState, SampleEvent> = {
  streamType: 'sample',
  streamId: (id) => `sample-${id}`,
  initial: { exists: false, deleted: false, fields: null },
  evolve(state, event) {
    switch (event.type) {
      case 'SampleRegistered':
      case 'SampleUpdated': {
        const { sampleId: _id, ...fields } = event.data;
        return { ...state, exists: true, fields };
      }
      case 'SampleDeleted':
        return { ...state, deleted: true };
    }
  },
};

export type SampleCommand =
  | { kind: 'register'; sampleId: string; fields: SampleFields }
  | { kind: 'update'; sampleId: string; fields: SampleFields }
  /** `linkedTagCode`: the tag linked to the sample now, as the link read model says under its row lock. */
  | { kind: 'delete'; sampleId: string; linkedTagCode: string | null };

export function sameFields(a: SampleFields, b: SampleFields): boolean {
  return SAMPLE_FIELD_KEYS.every((f) => a[f] === b[f]);
}

/**
 * The rules of a sample's life. Whether its references exist and are active, and whether its code is
 * free, are the command handler's (they read other read models); here: a deleted sample is gone
 * (NOT_FOUND), an update that changes nothing emits nothing, and a sample with a tag linked to it is
 * not deleted (SAMPLE_LINKED).
 */
export function decideSample(state: SampleState, cmd: SampleCommand): SampleEvent[] {
  if (cmd.kind === 'register') {
    if (state.exists) throw new AppError('ID_EXISTS');
    return [{ type: 'SampleRegistered', data: { sampleId: cmd.sampleId, ...cmd.fields } }];
  }
  if (!state.exists || state.deleted) throw new AppError('NOT_FOUND');
  switch (cmd.kind) {
    case 'update':
      return sameFields(state.fields!, cmd.fields) ? [] : [{ type: 'SampleUpdated', data: { sampleId: cmd.sampleId, ...cmd.fields } }];
    case 'delete':
      if (cmd.linkedTagCode !== null) throw new AppError('SAMPLE_LINKED', { tagCode: cmd.linkedTagCode });
      return [{ type: 'SampleDeleted', data: { sampleId: cmd.sampleId, sampleCode: state.fields!.sampleCode } }];
  }
}
