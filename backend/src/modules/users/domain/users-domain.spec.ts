import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { ALL_PERMISSIONS, P } from '@rfid/contracts';
import { SYSTEM_AUTHORITY, type Authority } from './authority.js';
import { ADMIN_GROUP_ID, decideGroup, groupModel, type GroupCommand, type GroupFacts, type GroupState } from './group.js';
import type { GroupEvent } from '../users.events.js';
import { decideSession, sessionModel } from './session.js';
import type { SessionEvent } from '../users.events.js';
import { decideUser, userModel, type UserCommand, type UserFacts, type UserState } from './user.js';
import type { UserEvent } from '../users.events.js';

const ALL = new Set<string>(ALL_PERMISSIONS);
const admin: Authority = { kind: 'user', userId: 'admin', permissions: ALL };
/** A user administrator who holds only what managing users takes. */
const userAdmin: Authority = {
  kind: 'user',
  userId: 'ua',
  permissions: new Set([P.SYSTEM_ADMINISTRATION_USER_LIST, P.SYSTEM_ADMINISTRATION_USER_UPDATE, P.SYSTEM_ADMINISTRATION_USER_LOCK, P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD, P.DASHBOARD]),
};
const facts = (f: Partial<UserFacts> = {}): UserFacts => ({ authority: admin, userPermissions: [P.DASHBOARD], groupPermissions: [P.DASHBOARD], groupLocked: false, otherActiveAdministrators: 1, ...f });
const users = (f: Partial<UserFacts> = {}) => deciderSpec(userModel, (state: UserState, cmd: UserCommand) => decideUser(state, cmd, facts(f)));
const { fold, refusal } = users();
const created: UserEvent = { type: 'UserCreated', data: { userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: 'g1' } };
const createdAdmin: UserEvent = { type: 'UserCreated', data: { userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: ADMIN_GROUP_ID } };

describe('user decisions', () => {
  it('create once; a second create of the same id is refused; no credential in the event', () => {
    const create = { kind: 'create', userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: 'g1' } as const;
    users().given().when(create).then([created]);
    users().given([created]).when({ ...create, username: 'x' }).thenRefused('USERNAME_EXIST');
  });

  it('nobody is put into a locked group: GROUP_NOT_FOUND_OR_INACTIVE; a user whose group is locked since keeps it through an edit', () => {
    const create = { kind: 'create', userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: 'g1' } as const;
    users({ groupLocked: true }).given().when(create).thenRefused('GROUP_NOT_FOUND_OR_INACTIVE');
    users({ groupLocked: true }).given([created]).when({ kind: 'update', userId: 'u1', fullName: 'Alice', position: null, groupId: 'g2' }).thenRefused('GROUP_NOT_FOUND_OR_INACTIVE');
    users({ groupLocked: true })
      .given([created])
      .when({ kind: 'update', userId: 'u1', fullName: 'Alice B', position: null, groupId: 'g1' })
      .then([{ type: 'UserUpdated', data: { userId: 'u1', fullName: 'Alice B', position: null, groupId: 'g1' } }]);
  });

  it('commands on a user that does not exist: USER_NOT_FOUND', () => {
    assert.equal(refusal(userModel.initial, { kind: 'lock', userId: 'u1' }), 'USER_NOT_FOUND');
  });

  it('lock and unlock change the status, and repeating them changes nothing', () => {
    users().given([created]).when({ kind: 'lock', userId: 'u1' }).then([{ type: 'UserLocked', data: { userId: 'u1' } }]);
    const locked = fold([created, { type: 'UserLocked', data: { userId: 'u1' } }]);
    assert.equal(locked.status, 'LOCKED');
    users().given([created, { type: 'UserLocked', data: { userId: 'u1' } }]).when({ kind: 'lock', userId: 'u1' }).then([]);
    users().given([created]).when({ kind: 'unlock', userId: 'u1' }).then([]);
    assert.equal(fold([created, { type: 'UserLocked', data: { userId: 'u1' } }, { type: 'UserUnlocked', data: { userId: 'u1' } }]).status, 'ACTIVE');
  });

  it('an update that changes nothing emits nothing; a real one emits UserUpdated', () => {
    users().given([created]).when({ kind: 'update', userId: 'u1', fullName: 'Alice', position: null, groupId: 'g1' }).then([]);
    const e = decideUser(fold([created]), { kind: 'update', userId: 'u1', fullName: 'Alice B', position: 'Lead', groupId: 'g2' }, facts());
    assert.equal(e[0]!.type, 'UserUpdated');
    assert.deepEqual(fold([created, ...e]), { exists: true, status: 'ACTIVE', fullName: 'Alice B', position: 'Lead', groupId: 'g2' });
  });

  it('a password change says who changed it and which session stays, never the hash', () => {
    users().given([created]).when({ kind: 'change-password', userId: 'u1', bySelf: true, keptSessionId: 's1' }).then([
      { type: 'UserPasswordChanged', data: { userId: 'u1', bySelf: true, keptSessionId: 's1' } },
    ]);
  });

  it('nobody puts a user into a group that holds a permission they lack', () => {
    const needsMore = users({ authority: userAdmin, groupPermissions: [P.DASHBOARD, P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION] });
    needsMore.given().when({ kind: 'create', userId: 'u2', username: 'bob', fullName: 'Bob', position: null, groupId: 'g9' }).thenRefused('GROUP_HAS_PERMISSIONS_NOT_HELD');
    needsMore.given([created]).when({ kind: 'update', userId: 'u1', fullName: 'Alice', position: null, groupId: ADMIN_GROUP_ID }).thenRefused('GROUP_HAS_PERMISSIONS_NOT_HELD');
    // Staying in the same group is no assignment.
    needsMore.given([created]).when({ kind: 'update', userId: 'u1', fullName: 'Alice B', position: null, groupId: 'g1' }).then([
      { type: 'UserUpdated', data: { userId: 'u1', fullName: 'Alice B', position: null, groupId: 'g1' } },
    ]);
  });

  it('nobody edits, locks, unlocks or sets the password of a user who holds a permission they lack', () => {
    const stronger = users({ authority: userAdmin, userPermissions: [...ALL_PERMISSIONS] });
    for (const cmd of [
      { kind: 'update', userId: 'u1', fullName: 'X', position: null, groupId: 'g1' },
      { kind: 'lock', userId: 'u1' },
      { kind: 'unlock', userId: 'u1' },
      { kind: 'change-password', userId: 'u1', bySelf: false, keptSessionId: null },
    ] as const) {
      stronger.given([created]).when(cmd).thenRefused('USER_HAS_PERMISSIONS_NOT_HELD');
    }
  });

  it('nobody locks themselves', () => {
    users({ authority: { ...admin, userId: 'u1' } as Authority }).given([created]).when({ kind: 'lock', userId: 'u1' }).thenRefused('CANNOT_LOCK_SELF');
  });

  it('the last active administrator is neither locked nor moved out of Administrators; with another one, both are allowed', () => {
    const last = users({ otherActiveAdministrators: 0 });
    last.given([createdAdmin]).when({ kind: 'lock', userId: 'u1' }).thenRefused('LAST_ADMINISTRATOR');
    last.given([createdAdmin]).when({ kind: 'update', userId: 'u1', fullName: 'Alice', position: null, groupId: 'g1' }).thenRefused('LAST_ADMINISTRATOR');
    last.given([createdAdmin]).when({ kind: 'update', userId: 'u1', fullName: 'Alice A', position: null, groupId: ADMIN_GROUP_ID }).then([
      { type: 'UserUpdated', data: { userId: 'u1', fullName: 'Alice A', position: null, groupId: ADMIN_GROUP_ID } },
    ]);
    users({ otherActiveAdministrators: 1 }).given([createdAdmin]).when({ kind: 'lock', userId: 'u1' }).then([{ type: 'UserLocked', data: { userId: 'u1' } }]);
  });

  it('the system (first start) acts with every power', () => {
    users({ authority: SYSTEM_AUTHORITY, groupPermissions: ['NOT_A_CODE', ...ALL_PERMISSIONS] })
      .given()
      .when({ kind: 'create', userId: 'u1', username: 'alice', fullName: 'Alice', position: null, groupId: 'g1' })
      .then([created]);
  });
});

describe('group decisions', () => {
  const gfacts = (f: Partial<GroupFacts> = {}): GroupFacts => ({ authority: admin, actorIsMember: false, ...f });
  const groups = (f: Partial<GroupFacts> = {}) => deciderSpec(groupModel, (state: GroupState, cmd: GroupCommand) => decideGroup(state, cmd, gfacts(f)));
  const g1: GroupEvent = { type: 'GroupCreated', data: { groupId: 'g1', name: 'A', description: null, permissions: [P.DASHBOARD, P.REPORT_ALERT_LIST] } };
  const adminGroup: GroupEvent = { type: 'GroupCreated', data: { groupId: ADMIN_GROUP_ID, name: 'Administrators', description: null, permissions: [...ALL_PERMISSIONS] } };

  it('assigning the same permissions in another order changes nothing', () => {
    groups().given([g1]).when({ kind: 'assign-permissions', groupId: 'g1', permissions: [P.REPORT_ALERT_LIST, P.DASHBOARD] }).then([]);
    groups().given([g1]).when({ kind: 'assign-permissions', groupId: 'g1', permissions: [P.DASHBOARD] }).then([
      { type: 'GroupPermissionsAssigned', data: { groupId: 'g1', permissions: [P.DASHBOARD] } },
    ]);
  });

  it('unknown group: GROUP_NOT_FOUND', () => {
    groups().given().when({ kind: 'update', groupId: 'g', name: 'x', description: null }).thenRefused('GROUP_NOT_FOUND');
  });

  it('nobody grants a permission they do not hold, creating or assigning', () => {
    const granter: Authority = { kind: 'user', userId: 'x', permissions: new Set([P.DASHBOARD, P.REPORT_ALERT_LIST, P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION]) };
    groups({ authority: granter }).given().when({ kind: 'create', groupId: 'g2', name: 'B', description: null, permissions: [P.SYSTEM_ADMINISTRATION_USER_LOCK] }).thenRefused('PERMISSION_NOT_HELD');
    groups({ authority: granter }).given([g1]).when({ kind: 'assign-permissions', groupId: 'g1', permissions: [...ALL_PERMISSIONS] }).thenRefused('PERMISSION_NOT_HELD');
    groups({ authority: granter }).given([g1]).when({ kind: 'assign-permissions', groupId: 'g1', permissions: [P.DASHBOARD, P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION] }).then([
      { type: 'GroupPermissionsAssigned', data: { groupId: 'g1', permissions: [P.DASHBOARD, P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION] } },
    ]);
  });

  it('nobody changes, locks or unlocks a group that holds a permission they lack', () => {
    const weaker: Authority = { kind: 'user', userId: 'x', permissions: new Set([P.DASHBOARD]) };
    for (const cmd of [
      { kind: 'update', groupId: 'g1', name: 'B', description: null },
      { kind: 'assign-permissions', groupId: 'g1', permissions: [] as string[] },
      { kind: 'lock', groupId: 'g1' },
      { kind: 'unlock', groupId: 'g1' },
    ] as const) {
      groups({ authority: weaker }).given([g1]).when(cmd).thenRefused('GROUP_HAS_PERMISSIONS_NOT_HELD');
    }
  });

  it('a group is locked and unlocked once; not your own group, never Administrators, whose permissions stay complete', () => {
    groups().given([g1]).when({ kind: 'lock', groupId: 'g1' }).then([{ type: 'GroupLocked', data: { groupId: 'g1' } }]);
    groups().given([g1, { type: 'GroupLocked', data: { groupId: 'g1' } }]).when({ kind: 'lock', groupId: 'g1' }).then([]);
    groups().given([g1, { type: 'GroupLocked', data: { groupId: 'g1' } }]).when({ kind: 'unlock', groupId: 'g1' }).then([{ type: 'GroupUnlocked', data: { groupId: 'g1' } }]);
    groups({ actorIsMember: true }).given([g1]).when({ kind: 'lock', groupId: 'g1' }).thenRefused('CANNOT_LOCK_SELF');
    groups().given([adminGroup]).when({ kind: 'lock', groupId: ADMIN_GROUP_ID }).thenRefused('ADMIN_GROUP_PROTECTED');
    groups().given([adminGroup]).when({ kind: 'assign-permissions', groupId: ADMIN_GROUP_ID, permissions: [P.DASHBOARD] }).thenRefused('ADMIN_GROUP_PROTECTED');
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
