import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideReader, readerModel } from './reader.js';
import type { ReaderEvent, ReaderSettings } from '../readers.events.js';

const settings: ReaderSettings = {
  name: 'Gate 1',
  kind: 'GATE',
  format: 'ZEBRA',
  zoneId: null,
  host: '10.0.0.5',
  antennas: [
    { port: 1, power: 27 },
    { port: 2, power: 27 },
  ],
  deviceMode: 'READ_TAG',
  operatingMode: 'AUTOMATIC',
  switch: 'ON',
  topics: { events: 'rfid/readers/G1/events', mgmt: 'rfid/readers/G1/mgmt', commands: 'rfid/readers/G1/commands', responses: 'rfid/readers/G1/responses' },
};
const registered: ReaderEvent[] = [
  { type: 'ReaderRegistered', data: { readerId: 'r1', code: 'G1', ...settings } },
  { type: 'ReaderCredentialsIssued', data: { readerId: 'r1', rotated: false } },
];
const spec = deciderSpec(readerModel, decideReader);

describe('reader decisions', () => {
  it('a reader is registered once, with its first credentials; a second registration is READER_EXISTS', () => {
    spec.given().when({ kind: 'register', readerId: 'r1', code: 'G1', settings }).then(registered);
    spec.given(registered).when({ kind: 'register', readerId: 'r1', code: 'G1', settings }).thenRefused('READER_EXISTS');
  });

  it('an unknown reader is READER_NOT_FOUND', () => {
    spec.given().when({ kind: 'update', readerId: 'r1', settings }).thenRefused('READER_NOT_FOUND');
  });

  it('an update that changes nothing records nothing', () => {
    spec.given(registered).when({ kind: 'update', readerId: 'r1', settings }).then([]);
    spec.given(registered).when({ kind: 'update', readerId: 'r1', settings: { ...settings, name: 'Gate A' } }).then([{ type: 'ReaderUpdated', data: { readerId: 'r1', ...settings, name: 'Gate A' } }]);
  });

  it('rotating the password issues new credentials, and says so without the secret', () => {
    spec.given(registered).when({ kind: 'issue-credentials', readerId: 'r1' }).then([{ type: 'ReaderCredentialsIssued', data: { readerId: 'r1', rotated: true } }]);
  });

  it('a user is assigned to a reader once (USER_READER_EXISTS) and unassigned only if assigned', () => {
    const assigned: ReaderEvent = { type: 'ReaderUserAssigned', data: { readerId: 'r1', userId: 'u1' } };
    spec.given(registered).when({ kind: 'assign-user', readerId: 'r1', userId: 'u1' }).then([assigned]);
    spec.given([...registered, assigned]).when({ kind: 'assign-user', readerId: 'r1', userId: 'u1' }).thenRefused('USER_READER_EXISTS');
    spec.given(registered).when({ kind: 'unassign-user', readerId: 'r1', userId: 'u1' }).thenRefused('NOT_FOUND');
    spec.given([...registered, assigned]).when({ kind: 'unassign-user', readerId: 'r1', userId: 'u1' }).then([{ type: 'ReaderUserUnassigned', data: { readerId: 'r1', userId: 'u1' } }]);
  });

  it('a mode or antenna power the reader carried out is recorded when it changes something', () => {
    spec.given(registered).when({ kind: 'mode-set', readerId: 'r1', deviceMode: 'READ_TAG' }).then([]);
    spec.given(registered).when({ kind: 'mode-set', readerId: 'r1', deviceMode: 'COUNTING' }).then([{ type: 'ReaderModeSet', data: { readerId: 'r1', deviceMode: 'COUNTING' } }]);
    spec.given(registered).when({ kind: 'antennas-set', readerId: 'r1', antennas: [{ port: 1, power: 10 }] }).then([{ type: 'ReaderAntennasSet', data: { readerId: 'r1', antennas: [{ port: 1, power: 10 }] } }]);
  });
});
