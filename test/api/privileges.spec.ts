import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ALL_PERMISSIONS, P, type PermissionCode } from '@rfid/contracts';
import { ADMIN_GROUP_ID } from '@rfid/backend/modules/users/domain/group';
import { ADMIN_PASSWORD, type TestApp } from '@rfid/backend/testing/test-app';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connected } from './socket-fixtures.js';

/** Who an escalation starts from: a user whose group holds exactly these permissions. */
async function userWith(t: TestApp, username: string, permissions: PermissionCode[]): Promise<{ id: string; groupId: string; token: string }> {
  const admin = await t.adminToken();
  const groupId = (await t.api(admin).post('/api/user-groups').send({ name: `${username} group`, permissions }).expect(201)).body.id;
  const id = (await t.api(admin).post('/api/users').send({ username, password: 'secret1', fullName: username, groupId }).expect(201)).body.id;
  return { id, groupId, token: await t.login(username, 'secret1') };
}

describe('nobody gives or uses more power than they hold', () => {
  let { t, admin } = {} as SuiteApp;
  let adminId: string;
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    adminId = (await t.api(admin).get('/api/auth/me').expect(200)).body.user.id;
  });

  it('USER_UPDATE alone: moving yourself (or anyone) into Administrators is refused', async () => {
    const u = await userWith(t, 'mover', [P.SYSTEM_ADMINISTRATION_USER_UPDATE, P.SYSTEM_ADMINISTRATION_USER_LIST]);
    const res = await t.api(u.token).put(`/api/users/${u.id}`).send({ fullName: 'Mover', groupId: ADMIN_GROUP_ID });
    assert.deepEqual([res.status, res.body.code], [403, 'GROUP_HAS_PERMISSIONS_NOT_HELD']);
    assert.ok(res.body.details.missing.includes(P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION));
    assert.deepEqual((await t.api(u.token).get('/api/auth/me').expect(200)).body.permissions.sort(), [P.SYSTEM_ADMINISTRATION_USER_LIST, P.SYSTEM_ADMINISTRATION_USER_UPDATE].sort());
    // Editing what it may: its own name, in its own group.
    await t.api(u.token).put(`/api/users/${u.id}`).send({ fullName: 'Mover Renamed', groupId: u.groupId }).expect(200);
    const vi = await t.api(u.token).put(`/api/users/${u.id}`).set('accept-language', 'vi').send({ fullName: 'Mover', groupId: ADMIN_GROUP_ID });
    assert.match(vi.body.message, /Nhóm này có quyền mà bạn không có/);
  });

  it('USER_GROUP_PERMISSION alone: granting your own group (or any) a permission you lack is refused', async () => {
    const u = await userWith(t, 'granter', [P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION]);
    const res = await t.api(u.token).put(`/api/user-groups/${u.groupId}/permissions`).send({ permissions: [...ALL_PERMISSIONS] });
    assert.deepEqual([res.status, res.body.code], [403, 'PERMISSION_NOT_HELD']);
    const create = await t.api(admin).post('/api/user-groups').send({ name: 'Weak', permissions: [P.DASHBOARD] }).expect(201);
    const other = await t.api(u.token).put(`/api/user-groups/${create.body.id}/permissions`).send({ permissions: [P.SYSTEM_ADMINISTRATION_USER_GROUP_PERMISSION] });
    assert.deepEqual([other.status, other.body.code], [403, 'GROUP_HAS_PERMISSIONS_NOT_HELD'], 'a group holding DASHBOARD, which the granter lacks, is not theirs to change');
    const stripAdmins = await t.api(admin).put(`/api/user-groups/${ADMIN_GROUP_ID}/permissions`).send({ permissions: [P.DASHBOARD] });
    assert.deepEqual([stripAdmins.status, stripAdmins.body.code], [409, 'ADMIN_GROUP_PROTECTED']);
  });

  it("USER_CHANGE_PASSWORD alone: setting an administrator's password is refused, and their password still signs in", async () => {
    const u = await userWith(t, 'resetter', [P.SYSTEM_ADMINISTRATION_USER_CHANGE_PASSWORD]);
    const res = await t.api(u.token).put(`/api/users/${adminId}/password`).send({ password: 'taken-over' });
    assert.deepEqual([res.status, res.body.code], [403, 'USER_HAS_PERMISSIONS_NOT_HELD']);
    assert.equal((await t.api().post('/api/auth/login').send({ username: 'admin', password: 'taken-over' })).status, 401);
    await t.login('admin', ADMIN_PASSWORD);
  });

  it('USER_LOCK alone: locking an administrator, or yourself, is refused', async () => {
    const u = await userWith(t, 'locker', [P.SYSTEM_ADMINISTRATION_USER_LOCK]);
    const res = await t.api(u.token).post(`/api/users/${adminId}/lock`);
    assert.deepEqual([res.status, res.body.code], [403, 'USER_HAS_PERMISSIONS_NOT_HELD']);
    const self = await t.api(u.token).post(`/api/users/${u.id}/lock`);
    assert.deepEqual([self.status, self.body.code], [409, 'CANNOT_LOCK_SELF']);
    const adminSelf = await t.api(admin).post(`/api/users/${adminId}/lock`);
    assert.deepEqual([adminSelf.status, adminSelf.body.code], [409, 'CANNOT_LOCK_SELF']);
    const weaker = await userWith(t, 'weaker', []);
    await t.api(u.token).post(`/api/users/${weaker.id}/lock`).expect(200);
  });

  it('the last active administrator is neither locked nor moved out of Administrators', async () => {
    // Someone who holds every permission without being in Administrators.
    const root = await userWith(t, 'root', [...ALL_PERMISSIONS]);
    const lock = await t.api(root.token).post(`/api/users/${adminId}/lock`);
    assert.deepEqual([lock.status, lock.body.code], [409, 'LAST_ADMINISTRATOR']);
    const move = await t.api(root.token).put(`/api/users/${adminId}`).send({ fullName: 'Administrator', groupId: root.groupId });
    assert.deepEqual([move.status, move.body.code], [409, 'LAST_ADMINISTRATOR']);
    // With a second administrator, the first may be locked.
    const second = (await t.api(admin).post('/api/users').send({ username: 'admin2', password: 'secret1', fullName: 'Second', groupId: ADMIN_GROUP_ID }).expect(201)).body.id;
    await t.api(root.token).post(`/api/users/${second}/lock`).expect(200);
    assert.deepEqual((await t.api(root.token).post(`/api/users/${adminId}/lock`)).body.code, 'LAST_ADMINISTRATOR', 'a locked administrator does not count');
    await t.api(root.token).post(`/api/users/${second}/unlock`).expect(200);
  });

  it('the screens are told what the viewer may do: manageable users and groups, and the groups a user may be put into', async () => {
    const u = await userWith(t, 'viewer', [P.SYSTEM_ADMINISTRATION_USER_LIST, P.SYSTEM_ADMINISTRATION_USER_UPDATE, P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST]);
    const list = (await t.api(u.token).get('/api/users?size=50').expect(200)).body.data as { username: string; manageable: boolean }[];
    assert.equal(list.find((x) => x.username === 'admin')!.manageable, false);
    assert.equal(list.find((x) => x.username === 'viewer')!.manageable, true);
    const groups = (await t.api(u.token).get('/api/user-groups?size=50').expect(200)).body.data as { id: string; manageable: boolean }[];
    assert.equal(groups.find((g) => g.id === ADMIN_GROUP_ID)!.manageable, false);
    // The form's choices (active=true) leave out the groups the viewer may not put a user into; the filter's do not.
    const choices = (await t.api(u.token).get('/api/user-groups/lookup?active=true&size=50').expect(200)).body.data as { id: string }[];
    assert.ok(!choices.some((g) => g.id === ADMIN_GROUP_ID));
    assert.ok(choices.some((g) => g.id === u.groupId));
    const filter = (await t.api(u.token).get('/api/user-groups/lookup?size=50').expect(200)).body.data as { id: string }[];
    assert.ok(filter.some((g) => g.id === ADMIN_GROUP_ID));
    const creator = await userWith(t, 'creator', [P.SYSTEM_ADMINISTRATION_USER_CREATE]);
    assert.equal((await t.api(creator.token).get('/api/user-groups/lookup?active=true')).status, 200, 'the user form needs no group list permission');
  });
});

describe('user groups are locked and unlocked', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));

  it("a locked group's members are signed out and cannot sign in until it is unlocked", async () => {
    const m = await userWith(t, 'member', [P.DASHBOARD]);
    const locked = await t.api(admin).post(`/api/user-groups/${m.groupId}/lock`).expect(200);
    assert.equal(locked.body.status, 'LOCKED');
    assert.equal((await t.api(m.token).get('/api/auth/me')).status, 401);
    const signIn = await t.api().post('/api/auth/login').send({ username: 'member', password: 'secret1' });
    assert.deepEqual([signIn.status, signIn.body.code], [403, 'GROUP_LOCKED']);
    await t.api(admin).post(`/api/user-groups/${m.groupId}/unlock`).expect(200);
    await t.login('member', 'secret1');
  });

  it('nobody is put into a locked group: GROUP_NOT_FOUND_OR_INACTIVE; its members keep it', async () => {
    const m = await userWith(t, 'stayer', [P.DASHBOARD]);
    const other = await userWith(t, 'mover', [P.DASHBOARD]);
    await t.api(admin).post(`/api/user-groups/${m.groupId}/lock`).expect(200);
    const create = await t.api(admin).post('/api/users').send({ username: 'newcomer', password: 'secret1', fullName: 'Newcomer', groupId: m.groupId });
    assert.deepEqual([create.status, create.body.code], [400, 'GROUP_NOT_FOUND_OR_INACTIVE']);
    const move = await t.api(admin).put(`/api/users/${other.id}`).send({ fullName: 'Mover', groupId: m.groupId });
    assert.deepEqual([move.status, move.body.code], [400, 'GROUP_NOT_FOUND_OR_INACTIVE']);
    await t.api(admin).put(`/api/users/${m.id}`).send({ fullName: 'Stayer renamed', groupId: m.groupId }).expect(200);
  });

  it('Administrators and your own group cannot be locked; a group with more power than yours neither', async () => {
    const adminLock = await t.api(admin).post(`/api/user-groups/${ADMIN_GROUP_ID}/lock`);
    assert.deepEqual([adminLock.status, adminLock.body.code], [409, 'ADMIN_GROUP_PROTECTED']);
    const u = await userWith(t, 'grouper', [P.SYSTEM_ADMINISTRATION_USER_GROUP_UPDATE, P.DASHBOARD]);
    const own = await t.api(u.token).post(`/api/user-groups/${u.groupId}/lock`);
    assert.deepEqual([own.status, own.body.code], [409, 'CANNOT_LOCK_SELF']);
    const strong = await userWith(t, 'strong', [P.REPORT_ALERT_LIST]);
    const other = await t.api(u.token).post(`/api/user-groups/${strong.groupId}/lock`);
    assert.deepEqual([other.status, other.body.code], [403, 'GROUP_HAS_PERMISSIONS_NOT_HELD']);
  });
});

describe('your own password, and what sign-in answers a locked account', () => {
  let { t } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t } = app));

  it('change your own password: the current one is asked, this session stays and the others end', async () => {
    const admin = await t.adminToken();
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Selfies', permissions: [] }).expect(201)).body.id;
    await t.api(admin).post('/api/users').send({ username: 'selfie', password: 'secret1', fullName: 'Selfie', groupId }).expect(201);
    const here = await t.login('selfie', 'secret1');
    const elsewhere = await t.login('selfie', 'secret1');
    const wrong = await t.api(here).put('/api/auth/me/password').send({ currentPassword: 'nope', password: 'secret2' });
    assert.deepEqual([wrong.status, wrong.body.code], [400, 'CURRENT_PASSWORD_WRONG']);
    await t.api(here).put('/api/auth/me/password').send({ currentPassword: 'secret1', password: 'secret2' }).expect(204);
    await t.api(here).get('/api/auth/me').expect(200);
    assert.equal((await t.api(elsewhere).get('/api/auth/me')).status, 401);
    await t.login('selfie', 'secret2');
  });

  it('a locked account answers the same to a right and a wrong password', async () => {
    const admin = await t.adminToken();
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Locked ones', permissions: [] }).expect(201)).body.id;
    const id = (await t.api(admin).post('/api/users').send({ username: 'lockedone', password: 'secret1', fullName: 'L', groupId }).expect(201)).body.id;
    await t.api(admin).post(`/api/users/${id}/lock`).expect(200);
    const right = await t.api().post('/api/auth/login').send({ username: 'lockedone', password: 'secret1' });
    const wrong = await t.api().post('/api/auth/login').send({ username: 'lockedone', password: 'wrong-one' });
    assert.deepEqual([right.status, right.body], [wrong.status, wrong.body]);
    assert.equal(right.body.code, 'ACCOUNT_LOCKED');
  });

});

describe('sign-in throttling per address', () => {
  let { t } = {} as SuiteApp;
  suiteApp({ config: { loginMaxFailures: 5, loginMaxFailuresPerAddress: 4 } }, (app) => ({ t } = app));

  it('failures from one address across many usernames throttle that address (password spraying)', async () => {
    for (const username of ['spray1', 'spray2', 'spray3', 'spray4']) {
      assert.equal((await t.api().post('/api/auth/login').send({ username, password: 'Summer2026' })).status, 401);
    }
    const next = await t.api().post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    assert.deepEqual([next.status, next.body.code], [429, 'TOO_MANY_ATTEMPTS'], 'even a right password, from that address');
    assert.ok(Number(next.headers['retry-after']) > 0);
    // Without TRUST_PROXY a client cannot pick its address with X-Forwarded-For.
    const forged = await t.api().post('/api/auth/login').set('x-forwarded-for', '203.0.113.9').send({ username: 'admin', password: ADMIN_PASSWORD });
    assert.equal(forged.status, 429);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let { t } = {} as SuiteApp;
  suiteApp({ config: { loginMaxFailuresPerAddress: 2, trustProxy: 'loopback' } }, (app) => ({ t } = app));

  it("the trusted proxy's X-Forwarded-For is the client's address: each client is throttled on its own", async () => {
    const from = (ip: string, username: string, password: string) => t.api().post('/api/auth/login').set('x-forwarded-for', ip).send({ username, password });
    assert.equal((await from('198.51.100.1', 'x1', 'bad-pass')).status, 401);
    assert.equal((await from('198.51.100.1', 'x2', 'bad-pass')).status, 401);
    assert.equal((await from('198.51.100.1', 'admin', ADMIN_PASSWORD)).status, 429);
    assert.equal((await from('198.51.100.2', 'admin', ADMIN_PASSWORD)).status, 200, 'another client behind the same proxy');
    const { rows } = await t.platform.database.pool.query(`select key from login_throttle order by key`);
    assert.deepEqual(rows.map((r: { key: string }) => r.key), ['address:198.51.100.1', 'user:x1@198.51.100.1', 'user:x2@198.51.100.1']);
  });
});

describe('sign-out closes the push connections of that session at once', () => {
  let { t, sockets: clients } = {} as SuiteApp;
  suiteApp({ sockets: true }, (app) => ({ t, sockets: clients } = app));

  it('the socket is disconnected by the server when its token signs out', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const socket = clients.connect({ token });
    await connected(socket);
    const dropped = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still connected 5 s after sign-out')), 5_000);
      socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
    });
    await t.api(token).post('/api/auth/logout').expect(204);
    assert.equal(await dropped, 'io server disconnect');
  });
});

describe('an update without expectedVersion that meets concurrent updates', () => {
  let { t } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t } = app));

  it('each one applies, one after the other: none answers 409', async () => {
    const admin = await t.adminToken();
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Busy', permissions: [] }).expect(201)).body.id;
    const id = (await t.api(admin).post('/api/users').send({ username: 'busy', password: 'secret1', fullName: 'Busy', groupId }).expect(201)).body.id;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.api(admin).put(`/api/users/${id}`).send({ fullName: `Busy ${i}`, groupId })),
    );
    assert.deepEqual(results.map((r) => r.status), results.map(() => 200));
    const user = (await t.api(admin).get(`/api/users/${id}`).expect(200)).body;
    assert.equal(user.version, 13, 'created, then twelve updates');
  });
});

describe('every list refuses a sort it does not know', () => {
  let { t } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t } = app));

  it('the linking and unlink reports and the notification list too, and they accept their own', async () => {
    const admin = await t.adminToken();
    for (const path of ['/api/reports/linking', '/api/reports/unlink', '/api/user-notifications']) {
      const res = await t.api(admin).get(`${path}?sort=password:asc`);
      assert.deepEqual([res.status, res.body.code, res.body.details[0].field], [400, 'BAD_REQUEST_ERROR', 'sort'], path);
    }
    await t.api(admin).get('/api/reports/linking?sort=at:asc').expect(200);
    await t.api(admin).get('/api/user-notifications?sort=createdAt:asc').expect(200);
  });
});
