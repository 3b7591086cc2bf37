import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ALL_PERMISSIONS } from '@rfid/contracts';
import { ADMIN_PASSWORD } from '@rfid/backend/testing/test-app';
import { TestClock } from '@rfid/backend/testing/test-clock';
import { suiteApp, type SuiteApp } from './suite-app.js';

describe('sign-in, sign-out, lock and expiry', () => {
  let { t, admin } = {} as SuiteApp;
  let groupId: string;
  suiteApp({ config: { loginMaxFailures: 3, loginLockSeconds: 60 } }, (app) => ({ t, admin } = app));
  before(async () => {
    const g = await t.api(admin).post('/api/user-groups').send({ name: 'Clerks', permissions: ['DASHBOARD'] });
    assert.equal(g.status, 201);
    groupId = g.body.id;
  });

  const createUser = async (username: string, password = 'secret1') => {
    const res = await t.api(await t.adminToken()).post('/api/users').send({ username, password, fullName: `User ${username}`, groupId });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };

  it('first start created admin in Administrators with every permission', async () => {
    const res = await t.api().post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.accessToken, 'string');
    assert.ok(Date.parse(res.body.expiresAt) > Date.now());
    assert.equal(res.body.user.username, 'admin');
    assert.equal(res.body.user.group.name, 'Administrators');
    assert.equal(res.body.user.status, 'ACTIVE');
    assert.deepEqual([...res.body.permissions].sort(), [...ALL_PERMISSIONS].sort());
    const me = await t.api(res.body.accessToken).get('/api/auth/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.user.fullName, 'Administrator');
  });

  it('a wrong password and an unknown user get the same 401 USERNAME_OR_PASSWORD_WRONG', async () => {
    await createUser('carol');
    const wrong = await t.api().post('/api/auth/login').send({ username: 'carol', password: 'nope-nope' });
    const unknown = await t.api().post('/api/auth/login').send({ username: 'nobody-here', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      assert.equal(res.status, 401);
      assert.deepEqual(Object.keys(res.body).sort(), ['code', 'message']);
      assert.equal(res.body.code, 'USERNAME_OR_PASSWORD_WRONG');
    }
    assert.equal(wrong.body.message, unknown.body.message);
    const vi = await t.api().post('/api/auth/login').set('accept-language', 'vi').send({ username: 'nobody-here', password: 'x' });
    assert.equal(vi.body.message, 'Kiểm tra lại thông tin tài khoản');
  });

  it('repeated failures for a username from an address are throttled with 429 and a retry time', async () => {
    await createUser('dave');
    for (let i = 0; i < 3; i++) {
      const res = await t.api().post('/api/auth/login').send({ username: 'dave', password: 'wrong-one' });
      assert.equal(res.status, 401);
    }
    const blocked = await t.api().post('/api/auth/login').send({ username: 'dave', password: 'secret1' });
    assert.equal(blocked.status, 429, 'even the right password waits');
    assert.equal(blocked.body.code, 'TOO_MANY_ATTEMPTS');
    assert.ok(blocked.body.details.retryAfterSeconds > 0 && blocked.body.details.retryAfterSeconds <= 60);
    assert.equal(blocked.headers['retry-after'], String(blocked.body.details.retryAfterSeconds));
    const other = await t.api().post('/api/auth/login').send({ username: 'carol', password: 'secret1' });
    assert.equal(other.status, 200, 'another username is not affected');
  });

  it('logout revokes the token on the server', async () => {
    await createUser('erin');
    const token = await t.login('erin', 'secret1');
    assert.equal((await t.api(token).get('/api/auth/me')).status, 200);
    assert.equal((await t.api(token).post('/api/auth/logout')).status, 204);
    const after = await t.api(token).get('/api/auth/me');
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'UNAUTHORIZED');
  });

  it('a locked user cannot sign in and its existing tokens stop working at once; unlock lets it sign in again', async () => {
    const id = await createUser('frank');
    const token = await t.login('frank', 'secret1');
    const admin = await t.adminToken();
    const locked = await t.api(admin).post(`/api/users/${id}/lock`);
    assert.equal(locked.status, 200);
    assert.equal(locked.body.status, 'LOCKED');
    assert.equal((await t.api(token).get('/api/auth/me')).status, 401, 'the open session ended');
    const refused = await t.api().post('/api/auth/login').send({ username: 'frank', password: 'secret1' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'ACCOUNT_LOCKED');
    await t.api(admin).post(`/api/users/${id}/unlock`).expect(200);
    assert.equal((await t.api(token).get('/api/auth/me')).status, 401, 'the old token stays dead after unlock');
    await t.login('frank', 'secret1');
  });

  it('changing a password ends the sessions and only the new password works', async () => {
    const id = await createUser('gina');
    const token = await t.login('gina', 'secret1');
    await t.api(await t.adminToken()).put(`/api/users/${id}/password`).send({ password: 'newpass9' }).expect(204);
    assert.equal((await t.api(token).get('/api/auth/me')).status, 401);
    assert.equal((await t.api().post('/api/auth/login').send({ username: 'gina', password: 'secret1' })).status, 401);
    await t.login('gina', 'newpass9');
  });

  it('a garbled, foreign-signed or missing token is 401', async () => {
    assert.equal((await t.api('not-a-token').get('/api/auth/me')).status, 401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSIsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmF0dXJl';
    assert.equal((await t.api(forged).get('/api/auth/me')).status, 401);
    assert.equal((await t.api().get('/api/auth/me')).status, 401);
  });
});

describe('time passing: token expiry and the end of a sign-in lock', () => {
  const clock = new TestClock();
  let { t } = {} as SuiteApp;
  suiteApp({ config: { tokenTtlSeconds: 10, loginMaxFailures: 3, loginLockSeconds: 60 }, clock }, (app) => ({ t } = app));

  it('a token stops working when it expires', async () => {
    const token = await t.adminToken();
    assert.equal((await t.api(token).get('/api/auth/me')).status, 200);
    // the clock moved to moments named by the token's own end (its exp, whole seconds), whatever time the requests take
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    const moveTo = (ms: number) => clock.advance((ms - clock.now().getTime()) / 1000);
    moveTo(exp * 1000 - 3000);
    assert.equal((await t.api(token).get('/api/auth/me')).status, 200, 'still valid three seconds before it expires');
    moveTo(exp * 1000 + 100);
    const res = await t.api(token).get('/api/auth/me');
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'UNAUTHORIZED');
  });

  it('a sign-in lock ends when its time has passed', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await t.api().post('/api/auth/login').send({ username: 'admin', password: 'wrong-one' })).status, 401);
    clock.advance(45);
    const blocked = await t.api().post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    assert.equal(blocked.status, 429);
    assert.ok(blocked.body.details.retryAfterSeconds > 0 && blocked.body.details.retryAfterSeconds <= 15, `15 s left: ${blocked.body.details.retryAfterSeconds}`);
    clock.advance(16);
    assert.equal((await t.api().post('/api/auth/login').send({ username: 'admin', password: ADMIN_PASSWORD })).status, 200);
  });

  it('failures further apart than the lock time do not add up', async () => {
    const attempt = async () => (await t.api().post('/api/auth/login').send({ username: 'forgetful', password: 'wrong-one' })).status;
    assert.deepEqual([await attempt(), await attempt()], [401, 401]);
    clock.advance(61);
    assert.deepEqual([await attempt(), await attempt()], [401, 401], 'the two before no longer count');
    assert.deepEqual([await attempt(), await attempt()], [401, 429], 'three within the lock time lock');
  });
});

describe('a session kept alive', () => {
  const clock = new TestClock();
  let { t } = {} as SuiteApp;
  suiteApp({ config: { tokenTtlSeconds: 10 }, clock }, (app) => ({ t } = app));

  it('a renewed session (a wall screen) lives past its first token’s end with the new token; a signed-out one is not renewed', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    clock.advance(5);
    const asked = clock.now().getTime();
    const renewed = (await t.api(token).post('/api/auth/refresh').expect(200)).body as { accessToken: string; expiresAt: string; permissions: string[] };
    const ends = Date.parse(renewed.expiresAt) - 10_000;
    assert.ok(ends >= asked && ends <= clock.now().getTime(), 'a whole token lifetime from the renewal');
    assert.ok(renewed.permissions.length > 0, 'the user and permissions come with it, as at sign-in');
    clock.advance(6);
    assert.equal((await t.api(token).get('/api/auth/me')).status, 401, 'the first token ended when it said');
    assert.equal((await t.api(renewed.accessToken).get('/api/auth/me')).status, 200, 'the renewed one lives on');
    await t.api(renewed.accessToken).post('/api/auth/logout').expect(204);
    const refused = await t.api(renewed.accessToken).post('/api/auth/refresh');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.code, 'UNAUTHORIZED');
  });
});
