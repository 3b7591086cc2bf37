import type { ActiveStatus, MasterDataKey } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { MasterDataItemEvent } from '../master-data.events.js';

/**
 * What makes two codes or two names the same: case ignored, and Vietnamese letters compared whole
 * (NFC), whether typed precomposed or as a letter and its combining marks.
 */
export function sameTextKey(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

export interface MasterDataItemState {
  exists: boolean;
  catalogue: MasterDataKey | null;
  code: string;
  name: string;
  description: string | null;
  status: ActiveStatus;
}

export const masterDataItemModel: StreamModel<MasterDataItemState, MasterDataItemEvent> = {
  streamType: 'master-data-item',
  streamId: (id) => `master-data-item-${id}`,
  initial: { exists: false, catalogue: null, code: '', name: '', description: null, status: 'ACTIVE' },
  evolve(state, event) {
    switch (event.type) {
      case 'MasterDataItemCreated': {
        const { catalogue, code, name, description, status } = event.data;
        return { exists: true, catalogue, code, name, description, status };
      }
      case 'MasterDataItemUpdated':
        return { ...state, code: event.data.code, name: event.data.name, description: event.data.description };
      case 'MasterDataItemDeactivated':
        return { ...state, status: 'INACTIVE' };
      case 'MasterDataItemActivated':
        return { ...state, status: 'ACTIVE' };
    }
  },
};

interface ItemFields {
  code: string;
  name: string;
  description: string | null;
}

export type MasterDataItemCommand =
  | ({ kind: 'create'; itemId: string; catalogue: MasterDataKey; status: ActiveStatus } & ItemFields)
  | ({ kind: 'update'; itemId: string; catalogue: MasterDataKey; status?: ActiveStatus } & ItemFields)
  | { kind: 'deactivate'; itemId: string; catalogue: MasterDataKey }
  | { kind: 'activate'; itemId: string; catalogue: MasterDataKey };

function statusEvents(state: MasterDataItemState, itemId: string, catalogue: MasterDataKey, status: ActiveStatus | undefined): MasterDataItemEvent[] {
  if (status === undefined || status === state.status) return [];
  return [{ type: status === 'ACTIVE' ? 'MasterDataItemActivated' : 'MasterDataItemDeactivated', data: { itemId, catalogue } }];
}

/**
 * The rules of a master-data item. Uniqueness of codes and names is the read model's (its unique
 * indexes reject a duplicate in the append's transaction). An item of another catalogue is not
 * found: `/zones/{id of a season}` must not reach the season. Repeating a deactivation, or an update
 * that changes nothing, emits nothing.
 */
export function decideMasterDataItem(state: MasterDataItemState, cmd: MasterDataItemCommand): MasterDataItemEvent[] {
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('ID_EXISTS');
    const { itemId, catalogue, code, name, description, status } = cmd;
    return [{ type: 'MasterDataItemCreated', data: { itemId, catalogue, code, name, description, status } }];
  }
  if (!state.exists || state.catalogue !== cmd.catalogue) throw new AppError('NOT_FOUND');
  switch (cmd.kind) {
    case 'update': {
      const { itemId, catalogue, code, name, description } = cmd;
      const changed = code !== state.code || name !== state.name || description !== state.description;
      return [
        ...(changed ? [{ type: 'MasterDataItemUpdated' as const, data: { itemId, catalogue, code, name, description } }] : []),
        ...statusEvents(state, itemId, catalogue, cmd.status),
      ];
    }
    case 'deactivate':
      return statusEvents(state, cmd.itemId, cmd.catalogue, 'INACTIVE');
    case 'activate':
      return statusEvents(state, cmd.itemId, cmd.catalogue, 'ACTIVE');
  }
}
