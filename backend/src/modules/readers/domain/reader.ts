import type { AntennaSetting, DeviceMode } from '@rfid/contracts';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { ReaderEvent, ReaderSettings } from '../readers.events.js';

export interface ReaderState {
  exists: boolean;
  code: string;
  settings: ReaderSettings | null;
  users: string[];
}

export const readerModel: StreamModel<ReaderState, ReaderEvent> = {
  streamType: 'reader',
  streamId: (id) => `reader-${id}`,
  initial: { exists: false, code: '', settings: null, users: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'ReaderRegistered': {
        const { readerId: _id, code, ...settings } = event.data;
        return { exists: true, code, settings, users: [] };
      }
      case 'ReaderUpdated': {
        const { readerId: _id, ...settings } = event.data;
        return { ...state, settings };
      }
      case 'ReaderCredentialsIssued':
        return state;
      case 'ReaderUserAssigned':
        return { ...state, users: [...state.users, event.data.userId] };
      case 'ReaderUserUnassigned':
        return { ...state, users: state.users.filter((u) => u !== event.data.userId) };
      case 'ReaderModeSet':
        return { ...state, settings: state.settings && { ...state.settings, deviceMode: event.data.deviceMode } };
      case 'ReaderAntennasSet':
        return { ...state, settings: state.settings && { ...state.settings, antennas: event.data.antennas } };
      case 'TagsEnteredZone':
        return state;
    }
  },
};

export type ReaderCommand =
  | { kind: 'register'; readerId: string; code: string; settings: ReaderSettings }
  | { kind: 'update'; readerId: string; settings: ReaderSettings }
  | { kind: 'issue-credentials'; readerId: string }
  | { kind: 'assign-user'; readerId: string; userId: string }
  | { kind: 'unassign-user'; readerId: string; userId: string }
  | { kind: 'mode-set'; readerId: string; deviceMode: DeviceMode }
  | { kind: 'antennas-set'; readerId: string; antennas: AntennaSetting[] }
  | { kind: 'tags-entered-zone'; readerId: string; zoneId: string; epcs: string[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The rules of a reader. Codes are unique (READER_EXISTS, also by the read model's unique key); a user is assigned to a reader once. */
export function decideReader(state: ReaderState, cmd: ReaderCommand): ReaderEvent[] {
  if (cmd.kind === 'register') {
    if (state.exists) throw new AppError('READER_EXISTS');
    return [
      { type: 'ReaderRegistered', data: { readerId: cmd.readerId, code: cmd.code, ...cmd.settings } },
      { type: 'ReaderCredentialsIssued', data: { readerId: cmd.readerId, rotated: false } },
    ];
  }
  if (!state.exists || !state.settings) throw new AppError('READER_NOT_FOUND');
  switch (cmd.kind) {
    case 'update':
      return same(cmd.settings, state.settings) ? [] : [{ type: 'ReaderUpdated', data: { readerId: cmd.readerId, ...cmd.settings } }];
    case 'issue-credentials':
      return [{ type: 'ReaderCredentialsIssued', data: { readerId: cmd.readerId, rotated: true } }];
    case 'assign-user':
      if (state.users.includes(cmd.userId)) throw new AppError('USER_READER_EXISTS');
      return [{ type: 'ReaderUserAssigned', data: { readerId: cmd.readerId, userId: cmd.userId } }];
    case 'unassign-user':
      if (!state.users.includes(cmd.userId)) throw new AppError('NOT_FOUND');
      return [{ type: 'ReaderUserUnassigned', data: { readerId: cmd.readerId, userId: cmd.userId } }];
    case 'mode-set':
      return state.settings.deviceMode === cmd.deviceMode ? [] : [{ type: 'ReaderModeSet', data: { readerId: cmd.readerId, deviceMode: cmd.deviceMode } }];
    case 'antennas-set':
      return same(state.settings.antennas, cmd.antennas) ? [] : [{ type: 'ReaderAntennasSet', data: { readerId: cmd.readerId, antennas: cmd.antennas } }];
    case 'tags-entered-zone':
      return cmd.epcs.length ? [{ type: 'TagsEnteredZone', data: { readerId: cmd.readerId, zoneId: cmd.zoneId, epcs: cmd.epcs } }] : [];
  }
}
