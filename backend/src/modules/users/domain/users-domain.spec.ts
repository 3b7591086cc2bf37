import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { decideGroup, groupModel } from './group.js';
import { decideSession, sessionModel, type SessionEvent } from './session.js';
import { decideUser, userModel, type UserEvent } from './user.js';

const { fold, refusal } = deciderSpec(userModel, decideUser);
const groups = deciderSpec(groupModel, decideGroup);
const created: UserEvent = {
  type: 'UserCreated',
  data: { userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: 'g1', passwordHash: 'h' },
};

describe('user decisions', () => {
  it('create once; a second create of the same id is refused', () => {
    const events = decideUser(userModel.initial, { kind: 'create', userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: 'g1', passwordHash: 'h' });
    assert.deepEqual(events, [created]);
    assert.equal(refusal(fold(events), { kind: 'create', userId: 'u1', username: 'x', fullName: 'x', position: null, groupId: 'g1', passwordHash: 'h' }), 'USERNAME_EXIST');
  });

  it('commands on a user that does not exist: USER_NOT_FOUND', () => {
    assert.equal(refusal(userModel.initial, { kind: 'lock', userId: 'u1' }), 'USER_NOT_FOUND');
  });

  it('lock and unlock change the status, and repeating them changes nothing', () => {
    const s = fold([created]);
    const locked = decideUser(s, { kind: 'lock', userId: 'u1' });
    assert.deepEqual(locked, [{ type: 'UserLocked', data: { userId: 'u1' } }]);
    const ls = fold([created, ...locked]);
    assert.equal(ls.status, 'LOCKED');
    assert.deepEqual(decideUser(ls, { kind: 'lock', userId: 'u1' }), []);
    assert.deepEqual(decideUser(s, { kind: 'unlock', userId: 'u1' }), []);
    assert.equal(fold([created, ...locked, { type: 'UserUnlocked', data: { userId: 'u1' } }]).status, 'ACTIVE');
  });

  it('an update that changes nothing emits nothing; a real one emits UserUpdated', () => {
    const s = fold([created]);
    assert.deepEqual(decideUser(s, { kind: 'update', userId: 'u1', fullName: 'Alice', position: null, groupId: 'g1' }), []);
    const e = decideUser(s, { kind: 'update', userId: 'u1', fullName: 'Alice B', position: 'Lead', groupId: 'g2' });
    assert.equal(e[0]!.type, 'UserUpdated');
    assert.deepEqual(fold([created, ...e]), { exists: true, status: 'ACTIVE', fullName: 'Alice B', position: 'Lead', groupId: 'g2' });
  });
});

describe('group decisions', () => {
  const s = groupModel.evolve(groupModel.initial, { type: 'GroupCreated', data: { groupId: 'g1', name: 'A', description: null, permissions: ['DASHBOARD', 'REPORT_ALERT_LIST'] } });
  it('assigning the same permissions in another order changes nothing', () => {
    assert.deepEqual(decideGroup(s, { kind: 'assign-permissions', groupId: 'g1', permissions: ['REPORT_ALERT_LIST', 'DASHBOARD'] }), []);
    assert.equal(decideGroup(s, { kind: 'assign-permissions', groupId: 'g1', permissions: ['DASHBOARD'] }).length, 1);
  });
  it('unknown group: GROUP_NOT_FOUND', () => {
    assert.equal(groups.refusal(groupModel.initial, { kind: 'update', groupId: 'g', name: 'x', description: null }), 'GROUP_NOT_FOUND');
  });
});

describe('session decisions', () => {
  const session = deciderSpec(sessionModel, decideSession);
  const start = { kind: 'start', sessionId: 's1', userId: 'u1', username: 'alice', expiresAt: '2030-01-01T00:00:00.000Z', clientIp: null, userAgent: null } as const;
  const started: SessionEvent = { type: 'SessionStarted', data: { sessionId: 's1', userId: 'u1', username: 'alice', expiresAt: '2030-01-01T00:00:00.000Z', clientIp: null, userAgent: null } };
  const end = { kind: 'end', sessionId: 's1', userId: 'u1', reason: 'logout' } as const;
  const ended: SessionEvent = { type: 'SessionEnded', data: { sessionId: 's1', userId: 'u1', reason: 'logout' } };

  it('a session starts once', () => {
    session.given().when(start).then([started]);
    session.given([started]).when(start).thenRefused('ID_EXISTS');
  });
  it('a started session ends once; ending it again changes nothing', () => {
    session.given([started]).when(end).then([ended]);
    session.given([started, ended]).when(end).then([]);
  });
  it('a session that never started cannot end: NOT_FOUND', () => {
    session.given().when(end).thenRefused('NOT_FOUND');
  });
});
